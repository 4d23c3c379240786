/**
 * Key rename and the revoked-date column (issue 20 point 5, D22): a key is renamed on its page,
 * the key itself keeps working, and another account's key id cannot be renamed — the action
 * answers it like an id that does not exist.
 */
import { expect, test } from "@playwright/test";
import { apiGet, createKeyInDashboard, signInByEmail, sql, uniqueEmail, waitForHydration } from "../support";

async function keyIdByName(email: string, name: string): Promise<string> {
  const rows = await sql<{ id: string }>(
    "SELECT k.id FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1 AND k.name = $2",
    [email, name],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

test("a key is renamed on its page; the key keeps working and the list shows the new name", async ({ page }) => {
  const email = uniqueEmail("rename");
  await signInByEmail(page, email);
  const key = await createKeyInDashboard(page, "old name");
  const id = await keyIdByName(email, "old name");
  await page.goto(`/dashboard/keys/${id}`);
  const form = page.getByTestId("rename-key");
  await waitForHydration(page, "[data-testid=rename-key] input[name=name]");
  await form.getByLabel("Name").fill("  production   web  ");
  await form.getByRole("button", { name: "Rename" }).click();
  await expect(form).toContainText("Renamed to “production web”.");
  await expect(page.getByRole("heading", { level: 1, name: "production web" })).toBeVisible();
  expect(await sql("SELECT 1 FROM api_keys WHERE id = $1 AND name = 'production web'", [id])).toHaveLength(1);

  // An empty name is refused with the form's own message, not a browser bubble.
  await form.getByLabel("Name").fill("   ");
  await form.getByRole("button", { name: "Rename" }).click();
  await expect(form.getByRole("alert")).toContainText("Enter a name for the key.");
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  // Same key, new name: requests still authenticate (400 for the missing url, not 401).
  expect((await apiGet("/v1/screenshot", key)).status).toBe(400);
  await page.goto("/dashboard/keys");
  await expect(page.getByTestId("key-row").getByRole("link", { name: "production web", exact: true })).toBeVisible();
});

test("another account's key cannot be renamed: answered like a key that does not exist", async ({ browser, page }) => {
  const owner = uniqueEmail("rename-owner");
  const ownerPage = await browser.newPage();
  await signInByEmail(ownerPage, owner);
  await createKeyInDashboard(ownerPage, "owners key");
  const ownersId = await keyIdByName(owner, "owners key");
  await ownerPage.close();

  const intruder = uniqueEmail("rename-intruder");
  await signInByEmail(page, intruder);
  await createKeyInDashboard(page, "mine");
  const mine = await keyIdByName(intruder, "mine");
  await page.goto(`/dashboard/keys/${mine}`);
  await waitForHydration(page, "[data-testid=rename-key] input[name=name]");
  // The form is the intruder's own; the key id it sends is swapped for the owner's.
  await page
    .locator("[data-testid=rename-key] input[name=keyId]")
    .evaluate((input: HTMLInputElement, id) => (input.value = id), ownersId);
  const form = page.getByTestId("rename-key");
  await form.getByLabel("Name").fill("stolen");
  await form.getByRole("button", { name: "Rename" }).click();
  await expect(form).toContainText("No active key with this id exists in your account.");
  expect(await sql("SELECT 1 FROM api_keys WHERE id = $1 AND name = 'owners key'", [ownersId])).toHaveLength(1);
  expect(await sql("SELECT 1 FROM api_keys WHERE name = 'stolen'")).toHaveLength(0);
  // And the owner's key page is a 404 to the intruder.
  expect((await page.goto(`/dashboard/keys/${ownersId}`))?.status()).toBe(404);
});

test("the keys table has a labelled Revoked column with the date", async ({ page }) => {
  const email = uniqueEmail("revoked-col");
  await signInByEmail(page, email);
  await createKeyInDashboard(page, "to revoke");
  await sql("UPDATE api_keys SET revoked_at = '2026-03-04T12:00:00Z' WHERE id = $1", [
    await keyIdByName(email, "to revoke"),
  ]);
  await page.goto("/dashboard/keys");
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Revoked" })).toBeVisible();
  const headers = await table.getByRole("columnheader").allTextContents();
  const column = headers.findIndex((h) => h.trim() === "Revoked");
  const row = page.getByTestId("key-row").filter({ has: page.getByRole("link", { name: "to revoke", exact: true }) });
  // The date sits in the cell under the "Revoked" header (the row's header cell is the name).
  const cells = row.locator("th, td");
  await expect(cells.nth(column)).toContainText("2026");
  await expect(cells.nth(column).locator("time")).toHaveAttribute("datetime", "2026-03-04T12:00:00.000Z");
});
