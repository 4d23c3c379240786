/**
 * #16 request log (D18): real requests by two keys appear with their status, error code, key,
 * endpoint and request id; the status, key and endpoint filters narrow the list; pages of 50.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiGet, createKeyInDashboard, e2e, signInByEmail, sql, uniqueEmail, userIdOf } from "../support";

// Several renders and page loads on a shared, loaded machine: generous, never a race.
test.describe.configure({ timeout: 180_000 });

async function keyId(userId: string, name: string): Promise<string> {
  const [row] = await sql<{ id: string }>("SELECT id FROM api_keys WHERE user_id = $1 AND name = $2", [userId, name]);
  return row!.id;
}

function logRows(page: Page) {
  return page.getByTestId("request-log").locator("tbody tr");
}

async function filter(page: Page, choices: { status?: string; key?: string; endpoint?: string }) {
  const form = page.getByRole("form", { name: "Filter the log" });
  await form.getByLabel("Status").selectOption(choices.status ?? "");
  await form.getByLabel("Key").selectOption(choices.key ?? "");
  await form.getByLabel("Endpoint").selectOption(choices.endpoint ?? "");
  await form.getByRole("button", { name: "Filter" }).click();
}

test("the request log lists real requests and filters them by status, key and endpoint; older pages follow", async ({
  page,
}) => {
  const email = uniqueEmail("log");
  await signInByEmail(page, email);
  const alpha = await createKeyInDashboard(page, "alpha");
  await page.getByRole("button", { name: "Done, I have saved it" }).click();
  const beta = await createKeyInDashboard(page, "beta");
  const userId = await userIdOf(email);

  const missingUrl = await apiGet("/v1/screenshot", alpha); // 400 missing_parameter
  expect(missingUrl.status).toBe(400);
  const ogOnFree = await apiGet("/v1/og?template=default&title=Free", beta); // 403 plan_upgrade_required
  expect(ogOnFree.status).toBe(403);
  const usage = await apiGet("/v1/usage", alpha);
  expect(usage.status).toBe(200);
  // An MCP agent's tool call with the alpha key (refused for its width: nothing is rendered).
  const mcp = await fetch(`${e2e.appUrl}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${alpha}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "screenshot", arguments: { url: "https://example.com", width: 0 } },
    }),
  });
  expect(mcp.status).toBe(200);
  await expect
    .poll(async () => (await sql("SELECT 1 FROM usage_events WHERE user_id = $1", [userId])).length, {
      timeout: 20_000,
    })
    .toBe(4);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/usage/log");
  await expect(logRows(page)).toHaveCount(4);
  // Marked as an agent's call, with the key it used (#51).
  await expect(page.locator("tr[data-via=mcp]")).toContainText("MCP · alpha");
  await expect(page.locator("tr[data-via=mcp]")).toContainText("parameter_out_of_range");
  // At 1280 px every column fits whole (#51): nothing scrolls sideways, each error code and request
  // id is on one line.
  const box = page.getByTestId("request-log-box");
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const code of await page.getByTestId("request-log").locator("tbody td code").all()) {
    const lineHeight = await code.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await code.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  }
  const failed = logRows(page).filter({ hasText: missingUrl.headers.get("x-request-id")! });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("/v1/screenshot");
  await expect(failed).toContainText("alpha");
  await expect(failed).toContainText("400");
  await expect(failed.getByRole("link", { name: "missing_parameter" })).toHaveAttribute(
    "href",
    "/docs/errors#missing_parameter",
  );

  await filter(page, { status: "2xx" });
  await expect(page).toHaveURL(/status=2xx/);
  await expect(logRows(page)).toHaveCount(1);
  await expect(logRows(page)).toContainText("/v1/usage");

  await filter(page, { key: await keyId(userId, "beta"), status: "errors" });
  await expect(logRows(page)).toHaveCount(1);
  await expect(logRows(page)).toContainText("plan_upgrade_required");
  await expect(logRows(page)).toContainText(ogOnFree.headers.get("x-request-id")!);

  await filter(page, { endpoint: "screenshot", status: "4xx" });
  await expect(logRows(page)).toHaveCount(2);
  await expect(logRows(page)).toContainText(["parameter_out_of_range", "missing_parameter"]);

  await filter(page, { endpoint: "og", key: await keyId(userId, "alpha") });
  await expect(page.getByText("No requests match.")).toBeVisible();

  // Pages of 50, newest first: 55 older events make a second page of the oldest 9.
  const earlier = new Date(Date.now() - 3_600_000);
  await sql(
    "INSERT INTO usage_events (user_id, endpoint, status, cache, created_at) SELECT $1, 'screenshot', 200, 'HIT', $2::timestamptz - make_interval(secs => g) FROM generate_series(1, 55) g",
    [userId, earlier],
  );
  await page.goto("/dashboard/usage/log");
  await expect(logRows(page)).toHaveCount(50);
  await expect(logRows(page).first()).toHaveAttribute("data-via", "mcp"); // the newest: the MCP call
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/before=/);
  await expect(logRows(page)).toHaveCount(9);
  await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Older" })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Newest" }).click();
  await expect(logRows(page)).toHaveCount(50);
});
