/**
 * Docs search (issue 20 point 5, D22): the index is read from the served docs pages in the
 * browser; a result opens its section.
 */
import { expect, test } from "@playwright/test";

test("searching the docs finds a parameter's section and opens it", async ({ page }) => {
  await page.goto("/docs");
  const search = page.getByRole("searchbox", { name: "Search the docs" });
  await search.fill("fullPage");
  const results = page.getByTestId("docs-search-results");
  await expect(page.getByTestId("docs-search-status")).toHaveText(/^\d+ results? for “fullPage”\.$/);
  const parameters = results.getByRole("link", { name: /GET \/v1\/screenshot › Query parameters/ });
  await expect(parameters).toBeVisible();
  await expect(parameters).toHaveAttribute("href", "/docs/screenshot#parameters");
  await parameters.click();
  await expect(page).toHaveURL(/\/docs\/screenshot#parameters$/);
  await expect(page.getByRole("heading", { name: "Query parameters" })).toBeInViewport();
});

test("every word must match; Enter opens the first result; nonsense says there is nothing", async ({ page }) => {
  await page.goto("/docs/getting-started");
  const search = page.getByRole("searchbox", { name: "Search the docs" });
  await search.fill("qqqzzz");
  await expect(page.getByTestId("docs-search-status")).toHaveText("No results for “qqqzzz”.");
  await expect(page.getByTestId("docs-search-results")).toHaveCount(0);

  await search.fill("signing secret");
  const first = page.getByTestId("docs-search-results").getByRole("link").first();
  await expect(first).toBeVisible();
  const href = await first.getAttribute("href");
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
});

test("on a phone the search sits above the page and works the same", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/caching");
  const search = page.getByRole("searchbox", { name: "Search the docs" });
  await expect(search).toBeInViewport();
  await search.fill("template gallery");
  await expect(page.getByTestId("docs-search-results").getByRole("link").first()).toBeVisible();
});
