/**
 * #35 points 4, 6 and 7 (D33): the header and the landing page know a signed-in customer (and
 * show neither state before the session is known); the docs index counts the endpoints from the
 * registry and describes every card; a typo gets the closest name in problem+json; the
 * playground's Render pressed before the session answer waits for it instead of asking for a key.
 */
import { expect, test, type Page, type Route } from "@playwright/test";
import { apiGet, createKeyInDashboard, e2e, setPlan, signInByEmail, uniqueEmail, waitForHydration } from "../support";
import { seriousViolations, AXE_VIEWPORTS } from "../support/axe";
import { ENDPOINTS } from "@/lib/endpoints";

test.describe.configure({ timeout: 120_000 });

/** Holds the browser's session question until `release()`: the moment right after a page loads. */
async function holdSession(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route("**/api/auth/session", (route) => (open ? route.continue() : void held.push(route)));
  return {
    waiting: () => held.length,
    release: async () => {
      open = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

for (const [name, viewport] of AXE_VIEWPORTS) {
  test(`signed in, the header and the landing page offer the dashboard, never sign-up (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInByEmail(page, uniqueEmail(`header-${name}`));
    const session = await holdSession(page);
    await page.goto("/pricing");
    await expect.poll(session.waiting).toBeGreaterThan(0);
    const header = page.getByRole("banner");
    const menu = async () => {
      if (name === "phone") await header.getByRole("button", { name: "Open menu" }).click();
    };
    // Before the answer: neither the visitor's links nor the member's.
    await menu();
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Get started free" })).toHaveCount(0);
    await session.release();
    await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(page.getByText("Most popular")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Create a free account" })).toHaveCount(0);

    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Go to your API keys" })).toHaveAttribute("href", "/dashboard/keys");
    await expect(main.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(main.getByRole("link", { name: "Get a free API key" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Create an account" })).toHaveCount(0);
    await menu();
    await expect(header.getByRole("link", { name: "Get started free" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the docs index counts the endpoints of the registry and describes every card", async ({ page }) => {
  await page.goto("/docs");
  const main = page.getByRole("main");
  await expect(main).toContainText(`${Object.keys(ENDPOINTS).length} endpoints`);
  await expect(main).not.toContainText("Two endpoints");
  const cards = main.locator("article .not-prose li > a");
  expect(await cards.count()).toBeGreaterThanOrEqual(13);
  for (const card of await cards.all()) {
    const lines = (await card.innerText()).split("\n").filter((l) => l.trim());
    expect(lines.length, (await card.getAttribute("href")) ?? "").toBe(2);
  }
  for (const href of ["/docs/signed-urls", "/docs/async"]) {
    await expect(main.locator(`article a[href="${href}"] span`).nth(1)).not.toBeEmpty();
  }
});

test("a misspelt parameter or OG variable gets the closest name in its problem+json", async ({ page }) => {
  await signInByEmail(page, uniqueEmail("typo"));
  const key = await createKeyInDashboard(page, "typos");
  const screenshot = await apiGet(`/v1/screenshot?url=${encodeURIComponent(`${e2e.fixturesUrl}/`)}&widht=800`, key);
  expect(screenshot.status).toBe(400);
  expect(screenshot.headers.get("content-type")).toContain("application/problem+json");
  expect(await screenshot.json()).toMatchObject({
    code: "unknown_parameter",
    param: "widht",
    detail: "Unknown query parameter widht. Did you mean width?",
  });
  const og = await apiGet("/v1/og?template=default&title=Hi&titel=Hello", key);
  expect(og.status).toBe(400);
  const body = (await og.json()) as { code: string; param: string; detail: string };
  expect([body.code, body.param]).toEqual(["invalid_variable", "titel"]);
  expect(body.detail).toContain('no variable "titel". Did you mean title?');
});

test("Render pressed before the session answer renders through the account, not 'Paste an API key first'", async ({
  page,
}) => {
  const email = uniqueEmail("early-render");
  await signInByEmail(page, email);
  await setPlan(email, "pro");
  const session = await holdSession(page);
  await page.goto("/docs/og");
  const playground = page.getByTestId("playground-og");
  await waitForHydration(page, "[data-testid=render]");
  await expect.poll(session.waiting).toBeGreaterThan(0);
  await expect(playground.getByText("Checking whether you are signed in…")).toBeVisible();
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/playground/og");
  await playground.getByTestId("render").click();
  await expect(playground).not.toContainText("Paste an API key first");
  await session.release();
  await sent;
  await expect(playground.getByTestId("result-image")).toBeVisible({ timeout: 45_000 });
  await expect(playground).not.toContainText("Paste an API key first");
});
