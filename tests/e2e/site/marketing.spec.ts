import { expect, test, type Page } from "@playwright/test";
import { connectorAllowance, PLAN_IDS, PLANS } from "@/lib/plans";
import { e2e } from "../support";

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("marketing site", () => {
  test("every response carries an X-Request-Id (D14): pages, assets, sign-in, unknown paths", async ({ request }) => {
    const seen = new Set<string>();
    for (const path of [
      "/",
      "/pricing",
      "/docs",
      "/docs/screenshot",
      "/signin",
      "/examples/og/default.png",
      "/favicon.ico",
      "/no-such-page",
      "/api/auth/session",
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const id = response.headers()["x-request-id"];
      expect(id, path).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(9); // a new id per request

    // A well-formed id from a proxy in front of us is kept, so logs can be joined.
    const forwarded = await request.get("/pricing", { headers: { "X-Request-Id": "edge-4f1c2a9b" } });
    expect(forwarded.headers()["x-request-id"]).toBe("edge-4f1c2a9b");
  });

  test("the landing page sells the product with examples rendered by the service", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("GET");
    await expect(page.getByRole("link", { name: "Get a free API key" })).toHaveAttribute("href", "/signin");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeVisible();
    await expect(page.getByTestId("snippet")).toContainText("/v1/screenshot?url=https%3A%2F%2Fexample.com");

    // Every example card is a PNG the OG renderer produced at build time, served by the app.
    const images = page.locator("main img[src^='/examples/og/']");
    const count = await images.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < count; i++) {
      const src = await images.nth(i).getAttribute("src");
      expect(src).toMatch(/^\/examples\/og\/[a-z-]+\.png$/);
      const response = await page.request.get(src!);
      expect(response.headers()["content-type"]).toBe("image/png");
      expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
    }
    await expect(page.getByRole("contentinfo")).toContainText("OpenAPI spec");
  });

  test("the landing page shows real captures this server made from its sample pages, and the PDF (issue 20)", async ({
    page,
  }) => {
    await page.goto("/");
    const captures = page.getByTestId("showcase-capture");
    await expect(captures).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      const image = captures.nth(i).locator("img");
      await image.scrollIntoViewIfNeeded();
      // Made by the screenshot engine on first request: a real WebP, decoded by the browser.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 60_000 })
        .toBeGreaterThan(300);
    }
    const pdf = await page.request.get((await page.getByTestId("showcase-pdf").getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("a visitor captures a URL without signing up; a private address is refused with the API's message (issue 20)", async ({
    page,
  }) => {
    await page.goto("/");
    const demo = page.getByTestId("try-url");
    await demo.getByLabel("A public page").fill("http://127.0.0.1:9/");
    await demo.getByRole("button", { name: "Capture" }).click();
    await expect(demo.getByTestId("try-url-problem")).toContainText("private");

    await demo.getByLabel("A public page").fill(`${e2e.fixturesUrl}/?try-url`);
    await demo.getByRole("button", { name: "Capture" }).click();
    const image = demo.getByTestId("try-url-image");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 45_000 })
      .toBe(1280);
  });

  test("the pricing page shows every plan from lib/plans.ts and what each unlocks", async ({ page }) => {
    await page.goto("/pricing");
    for (const id of PLAN_IDS) {
      const plan = PLANS[id];
      const card = page.locator(`[data-plan=${id}]`);
      await expect(card.getByRole("heading", { name: plan.name })).toBeVisible();
      await expect(card).toContainText(`$${plan.priceUsdPerMonth}`);
      await expect(card).toContainText(`${plan.rendersPerMonth.toLocaleString("en-US")} renders / month`);
      await expect(card).toContainText(`${plan.requestsPerMinute.toLocaleString("en-US")} requests / minute`);
      await expect(card).toContainText(`${plan.cacheTtlDays}-day`);
      await expect(card).toContainText(connectorAllowance(plan));
      // Billing is on in the e2e app (D18): paid plans lead to their checkout on the billing page.
      await expect(card.getByRole("link")).toHaveAttribute(
        "href",
        plan.priceUsdPerMonth === 0 ? "/signin" : `/dashboard/billing?plan=${id}`,
      );
    }
    await expect(page.locator("[data-plan=starter]")).toContainText("darkMode");
    await expect(page.locator("[data-plan=pro]")).toContainText("/v1/og");
    const comparison = page.getByTestId("plan-comparison");
    await expect(comparison.locator("[data-limit='Cache TTL']")).toContainText("60 days");
    await expect(comparison.locator("[data-limit='Connectors']")).toContainText(String(PLANS.business.connectors));
  });

  test("on a phone the pages fit the screen and the menu navigates", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/", "/pricing", "/docs/screenshot", "/docs/errors"]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page);
    }
    await page.goto("/");
    const toggle = page.getByRole("button", { name: /menu/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Retried: a click that lands before hydration does nothing.
    await expect(async () => {
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
    }).toPass();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});
