/**
 * The landing page's "What's new" section (issue #17): every capability links to docs that exist,
 * every parameter chip lands on its row of the screenshot reference, and the plan badges are the
 * schema's gates (the same the pricing page shows), not copy typed by hand.
 */
import { expect, test } from "@playwright/test";
import { minimumPlan } from "@/components/site/plan-features";
import { PLANS } from "@/lib/plans";

test("the landing page shows what is new, with links to the docs that exist", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "What's new" });
  await expect(section.getByRole("heading", { level: 2, name: "What's new" })).toBeVisible();
  const grid = section.getByTestId("whats-new");
  for (const title of [
    "HTML to PDF or image",
    "One element, after a click",
    "Error pages are not billed",
    "Signed URLs",
  ]) {
    await expect(grid.getByRole("heading", { level: 3, name: title })).toBeVisible();
  }

  // Every link in the section goes to a page that answers 200 and has the element its #fragment names.
  const hrefs = await grid.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThanOrEqual(25);
  const pages = new Map<string, string>();
  for (const href of new Set(hrefs)) {
    const [path, fragment] = href.split("#");
    expect(path, href).toMatch(/^\/docs(\/|$)/);
    if (!pages.has(path)) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      pages.set(path, await response.text());
    }
    if (fragment) expect(pages.get(path), href).toContain(`id="${fragment}"`);
  }

  // The plan badge next to each parameter is its schema gate.
  const chips = await grid
    .locator("a[href^='/docs/screenshot#param-']")
    .evaluateAll((links) =>
      links.map((a) => ({ name: a.textContent ?? "", badge: a.nextElementSibling?.textContent ?? null })),
    );
  expect(chips.map((c) => c.name)).toEqual(
    expect.arrayContaining(["html", "selector", "headers", "blockTrackers", "imageWidth", "fresh", "failOnHttpError"]),
  );
  for (const chip of chips) {
    const plan = minimumPlan(chip.name);
    expect(chip.badge, chip.name).toBe(plan === "free" ? null : `${PLANS[plan].name}+`);
  }
});

test("a parameter on the landing page opens its row in the reference", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("whats-new").getByRole("link", { name: "failOnHttpError", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/screenshot#param-failOnHttpError$/);
  const row = page.locator("#param-failOnHttpError");
  await expect(row).toBeInViewport();
  await expect(row).toContainText("failOnHttpError");
});
