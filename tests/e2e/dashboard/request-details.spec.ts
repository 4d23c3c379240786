/**
 * #35 point 5 (D33): the request log shows each request's format and URL, names playground
 * requests, and opens one request — its parameters (never the key), timings, error with its
 * detail, and the stored result. Another account's request is a 404.
 */
import { expect, test } from "@playwright/test";
import { apiGet, createKeyInDashboard, e2e, signInByEmail, sql, uniqueEmail, userIdOf } from "../support";
import { seriousViolations } from "../support/axe";

test.describe.configure({ timeout: 180_000 });

test("format, URL, playground label and one request's details", async ({ page, browser }) => {
  const email = uniqueEmail("details");
  await signInByEmail(page, email);
  const key = await createKeyInDashboard(page, "details");
  const userId = await userIdOf(email);
  const target = `${e2e.fixturesUrl}/`;

  const ok = await apiGet(`/v1/screenshot?url=${encodeURIComponent(target)}&format=webp&width=640&height=400`, key);
  expect(ok.status).toBe(200);
  const bad = await apiGet(`/v1/screenshot?url=${encodeURIComponent(target)}&widht=800&api_key=${key}`);
  expect(bad.status).toBe(400);
  const viaPlayground = await page.request.get(
    `/api/playground/screenshot?url=${encodeURIComponent(target)}&format=png&width=320&height=200`,
    { headers: { Origin: e2e.appUrl } },
  );
  expect(viaPlayground.status()).toBe(200);
  await expect
    .poll(async () => (await sql("SELECT 1 FROM usage_events WHERE user_id = $1", [userId])).length, {
      timeout: 20_000,
    })
    .toBe(3);

  // A wide screen shows every column (below 1536 px format, cache and render time are on each request's page).
  await page.setViewportSize({ width: 1536, height: 900 });
  await page.goto("/dashboard/usage/log");
  const table = page.getByTestId("request-log");
  for (const column of ["Format", "URL", "Status", "Error"]) {
    await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const rows = table.locator("tbody tr");
  const played = rows.filter({ hasText: viaPlayground.headers()["x-request-id"]! });
  await expect(played).toContainText("Playground");
  await expect(played).toContainText("png");
  const okRow = rows.filter({ hasText: ok.headers.get("x-request-id")! });
  await expect(okRow).toContainText("webp");
  await expect(okRow).toContainText(target);
  expect(await seriousViolations(page)).toEqual([]);

  // The failed request's page: its error with the detail, its parameters without the key.
  await rows
    .filter({ hasText: bad.headers.get("x-request-id")! })
    .getByRole("link", { name: /UTC/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/usage\/log\/\d+$/);
  const badUrl = page.url();
  await expect(page.getByTestId("request-error")).toContainText("unknown_parameter");
  await expect(page.getByTestId("request-error")).toContainText("Unknown query parameter widht. Did you mean width?");
  const params = page.getByTestId("request-params");
  await expect(params).toContainText("widht");
  await expect(params).toContainText("800");
  await expect(page.getByRole("main")).not.toContainText(key);
  await expect(page.getByTestId("request-facts")).toContainText("API key");
  await expect(page.getByTestId("request-facts")).toContainText(/Total time\d+ ms/);
  expect(await seriousViolations(page)).toEqual([]);

  // The rendered one: timings and a result link that serves the file.
  await page.goto("/dashboard/usage/log");
  await okRow.getByRole("link", { name: /UTC/ }).click();
  const facts = page.getByTestId("request-facts");
  await expect(facts).toContainText("webp");
  await expect(facts).toContainText(/Render time\d+ ms/);
  const href = await page.getByTestId("result-link").getAttribute("href");
  expect(href).toMatch(new RegExp(`^${e2e.appUrl}/v1/files/[0-9a-f]+\\.webp$`));
  const file = await fetch(href!);
  expect([file.status, file.headers.get("content-type")]).toEqual([200, "image/webp"]);

  // Another account cannot open it.
  const other = await browser.newPage();
  await signInByEmail(other, uniqueEmail("details-other"));
  const response = await other.goto(badUrl);
  expect(response?.status()).toBe(404);
  await other.close();
});
