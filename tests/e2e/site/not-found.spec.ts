/**
 * Branded 404s (issue #20 point 5): an unknown site or docs path answers HTTP 404 with the site's
 * page (header, heading, ways back), while an unknown /v1 path stays the API's problem+json (D1).
 */
import { expect, test } from "@playwright/test";

test("an unknown page is a 404 with the site's header, a heading and a link home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-type"]).toContain("text/html");
  await expect(page).toHaveTitle(/Page not found/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("OpenAPI spec");
  await expect(page.getByRole("link", { name: "Read the docs" })).toHaveAttribute("href", "/docs");

  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("GET");
});

test("an unknown docs page is a 404 inside the docs layout, sidebar included", async ({ page }) => {
  const response = await page.goto("/docs/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("There is no page at this address in the docs.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Docs" }).first()).toContainText("Getting started");
  await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");

  await page.getByRole("link", { name: "Docs overview" }).click();
  await expect(page).toHaveURL(/\/docs$/);

  // Deeper unknown paths take the same page.
  expect((await page.request.get("/docs/screenshot/no-such/deeper")).status()).toBe(404);
});

test("an unknown /v1 path is still the API's problem+json 404, whatever the client accepts", async ({ request }) => {
  for (const accept of ["application/json", "text/html"]) {
    const response = await request.get("/v1/no-such", { headers: { Accept: accept } });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 404, code: "not_found" });
  }
});
