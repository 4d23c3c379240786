/**
 * Nav highlighting (issue 20 point 5, D22): the header says whether a page is in "Docs" or in the
 * "API reference" (aria-current, and visibly), and the docs sidebar marks the page itself.
 */
import { expect, test, type Locator } from "@playwright/test";

const background = (link: Locator) => link.evaluate((el) => getComputedStyle(el).backgroundColor);

test("an endpoint page is API reference, a guide is Docs, each page marked in the sidebar", async ({ page }) => {
  await page.goto("/docs/og");
  const header = page.getByRole("navigation", { name: "Main" }).first();
  const reference = header.getByRole("link", { name: "API reference" });
  const docs = header.getByRole("link", { name: "Docs" });
  await expect(reference).toHaveAttribute("aria-current", "true");
  await expect(docs).not.toHaveAttribute("aria-current");
  expect(await background(reference)).not.toBe(await background(docs));
  const sidebar = page.getByRole("navigation", { name: "Docs" }).first();
  await expect(sidebar.getByRole("link", { name: "GET /v1/og" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.locator("[aria-current]")).toHaveCount(1);

  await page.goto("/docs/caching");
  await expect(docs).toHaveAttribute("aria-current", "true");
  await expect(reference).not.toHaveAttribute("aria-current");
  await expect(sidebar.getByRole("link", { name: "Caching & files" })).toHaveAttribute("aria-current", "page");

  await page.goto("/docs/screenshot");
  await expect(reference).toHaveAttribute("aria-current", "page");
  await expect(header.locator("[aria-current]")).toHaveCount(1);
});

test("on a phone the menu marks the same section", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/og");
  await page.getByRole("button", { name: /menu/i }).click();
  const menu = page.getByRole("navigation", { name: "Main" }).last();
  await expect(menu.getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "true");
  await expect(menu.locator("[aria-current]")).toHaveCount(1);
});
