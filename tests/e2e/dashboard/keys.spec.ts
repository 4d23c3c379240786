import { expect, test, type Page } from "@playwright/test";
import { apiGet, createKeyInDashboard, sql, setPlan, signInByEmail, uniqueEmail, waitForHydration } from "../support";

const REVOKED_DETAIL = "Invalid or revoked API key.";

/** The request the pipeline answers right after authentication, without rendering: no url → 400. */
async function callApi(key: string) {
  const response = await apiGet("/v1/screenshot", key);
  return { status: response.status, body: (await response.json()) as { detail?: string; param?: string } };
}

async function keyIdByName(email: string, name: string): Promise<string> {
  const rows = await sql<{ id: string }>(
    "SELECT k.id FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1 AND k.name = $2",
    [email, name],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

function row(page: Page, name: string) {
  return page.getByTestId("key-row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

test.describe("API keys", () => {
  test('"API Keys" > "Create New Key" works without a name (spec: API key creation)', async ({ page }) => {
    await signInByEmail(page, uniqueEmail("unnamed"));
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API Keys" }).click();
    await page.getByRole("button", { name: "Create New Key" }).click();
    const key = await page.getByTestId("new-key-value").inputValue();
    expect(key).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    await page.getByRole("button", { name: "Done, I have saved it" }).click();
    await expect(row(page, "Default key")).toContainText("Active");
  });

  test("create → shown once → use on /v1 → revoke → the next request is 401", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = uniqueEmail("keys");
    await signInByEmail(page, email);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API Keys" }).click();
    await expect(page.getByText("No API keys yet")).toBeVisible();
    await expect(page.getByTestId("key-limit")).toHaveText("0 of 2 active keys used on the Free plan.");

    const key = await createKeyInDashboard(page, "ci server");
    await expect(page.getByRole("heading", { name: "Key “ci server” created" })).toBeFocused();
    await page.getByRole("button", { name: "Copy key" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const display = `sk_live_${key.slice(8, 12)}…${key.slice(-4)}`;
    await page.getByRole("button", { name: "Done, I have saved it" }).click();
    await expect(page.getByTestId("new-key-panel")).toHaveCount(0);
    await expect(row(page, "ci server")).toContainText(display);
    await expect(row(page, "ci server")).toContainText("Never");
    await expect(row(page, "ci server")).toContainText("Active");
    expect(await page.content()).not.toContain(key);
    await page.reload();
    expect(await page.content()).not.toContain(key);
    await expect(page.getByTestId("key-limit")).toHaveText("1 of 2 active keys used on the Free plan.");

    // The key is accepted: the pipeline goes past authentication to parameter validation.
    const accepted = await callApi(key);
    expect(accepted.status).toBe(400);
    expect(accepted.body.param).toBe("url");
    await expect(async () => {
      await page.reload();
      await expect(row(page, "ci server")).toContainText("just now", { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await waitForHydration(page, "input[name=name]");

    // Cancel first: nothing happens.
    await row(page, "ci server").getByRole("button", { name: "Revoke key ci server" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke “ci server”?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(display);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await callApi(key)).status).toBe(400);

    await row(page, "ci server").getByRole("button", { name: "Revoke key ci server" }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(row(page, "ci server")).toContainText("Revoked");
    await expect(row(page, "ci server").getByRole("button", { name: /Revoke/ })).toHaveCount(0);

    const refused = await callApi(key);
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(REVOKED_DETAIL);
    await expect(page.getByTestId("key-limit")).toHaveText("0 of 2 active keys used on the Free plan.");
  });

  test("roll on the key's page → the new key shown once and copied → the old one refused at once, the same key goes on", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = uniqueEmail("roll");
    await signInByEmail(page, email);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API Keys" }).click();
    const old = await createKeyInDashboard(page, "rolled server");
    await page.getByRole("button", { name: "Done, I have saved it" }).click();
    expect((await callApi(old)).status).toBe(400);
    const id = await keyIdByName(email, "rolled server");

    await page.goto(`/dashboard/keys/${id}#roll-key`);
    const roll = page.getByTestId("roll-key");
    await waitForHydration(page, "[data-testid=roll-key] button");
    await roll.getByRole("button", { name: "Roll key" }).click();
    const fresh = await roll.getByTestId("rolled-key").inputValue();
    expect(fresh).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    expect(fresh).not.toBe(old);
    await roll.getByRole("button", { name: "Copy key" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh);

    const refused = await callApi(old);
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(REVOKED_DETAIL);
    expect((await callApi(fresh)).status).toBe(400);
    // The same key row: its id and name, now showing the new secret's start and end; shown once.
    expect(await keyIdByName(email, "rolled server")).toBe(id);
    await page.reload();
    expect(await page.content()).not.toContain(fresh);
    await expect(page.locator("dl").getByText(`sk_live_${fresh.slice(8, 12)}…${fresh.slice(-4)}`)).toBeVisible();
  });

  test("usable by keyboard alone: create, then open and dismiss the revoke dialog", async ({ page }) => {
    await signInByEmail(page, uniqueEmail("kbd"));
    await page.goto("/dashboard/keys");
    await waitForHydration(page, "input[name=name]");
    await page.getByLabel("Key name").focus();
    await page.keyboard.type("keyboard key");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Key “keyboard key” created" })).toBeFocused();
    await page.keyboard.press("Tab"); // key field
    await page.keyboard.press("Tab"); // copy key
    await page.keyboard.press("Tab"); // signing secret field (D15)
    await expect(page.getByTestId("new-signing-secret")).toBeFocused();
    await page.keyboard.press("Tab"); // copy signing secret
    await page.keyboard.press("Tab"); // done
    await expect(page.getByRole("button", { name: "Done, I have saved it" })).toBeFocused();
    await page.keyboard.press("Enter");

    const revoke = row(page, "keyboard key").getByRole("button", { name: "Revoke key keyboard key" });
    await revoke.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(revoke).toBeFocused();
    await expect(row(page, "keyboard key")).toContainText("Active");
  });

  test("user B can neither see nor revoke user A's key", async ({ browser }) => {
    const a = await browser.newContext();
    const b = await browser.newContext();
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    const emailA = uniqueEmail("owner-a");
    const emailB = uniqueEmail("other-b");

    await signInByEmail(pageA, emailA);
    const keyA = await createKeyInDashboard(pageA, "a private key");
    const idA = await keyIdByName(emailA, "a private key");

    await signInByEmail(pageB, emailB);
    await pageB.goto("/dashboard/keys");
    await expect(pageB.getByText("No API keys yet")).toBeVisible();
    expect(await pageB.content()).not.toContain("a private key");

    // A's key page is a 404 for B, exactly like a key that does not exist.
    const page404 = await pageB.goto(`/dashboard/keys/${idA}`);
    expect(page404?.status()).toBe(404);
    await expect(pageB.getByRole("heading", { name: "Not found" })).toBeVisible();
    expect(await pageB.content()).not.toContain("a private key");
    expect((await pageB.goto("/dashboard/keys/does-not-exist"))?.status()).toBe(404);
    // A sees their own key page.
    expect((await pageA.goto(`/dashboard/keys/${idA}`))?.status()).toBe(200);
    await expect(pageA.getByRole("heading", { name: "a private key" })).toBeVisible();

    // B forges the revoke form: their own key's dialog, with A's key id in it.
    await createKeyInDashboard(pageB, "b key");
    await pageB.getByRole("button", { name: "Done, I have saved it" }).click();
    await row(pageB, "b key").getByRole("button", { name: "Revoke key b key" }).click();
    const dialog = pageB.getByRole("dialog");
    await dialog.locator('input[name="keyId"]').evaluate((input, id) => ((input as HTMLInputElement).value = id), idA);
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("No active key with this id exists in your account.");

    const stillWorks = await callApi(keyA);
    expect(stillWorks.status).toBe(400);
    expect(await sql("SELECT 1 FROM api_keys WHERE id = $1 AND revoked_at IS NULL", [idA])).toHaveLength(1);
    await pageB.keyboard.press("Escape");
    await expect(row(pageB, "b key")).toContainText("Active");

    await a.close();
    await b.close();
  });

  test("the plan's key limit is shown and enforced", async ({ page }) => {
    const email = uniqueEmail("limit");
    await signInByEmail(page, email);
    await createKeyInDashboard(page, "one");
    await page.getByRole("button", { name: "Done, I have saved it" }).click();
    await createKeyInDashboard(page, "two");
    await page.getByRole("button", { name: "Done, I have saved it" }).click();

    const limit = page.getByTestId("key-limit");
    await expect(limit).toHaveText(
      "You are using all 2 active keys the Free plan allows. Revoke a key or upgrade to create another.",
    );
    await expect(page.getByRole("button", { name: "Create New Key" })).toBeDisabled();
    await expect(page.getByLabel("Key name")).toBeDisabled();

    // The server enforces it too: a re-enabled form is refused.
    await page.evaluate(() =>
      document
        .querySelectorAll("form input[name=name], form button[type=submit]")
        .forEach((el) => el.removeAttribute("disabled")),
    );
    await page.getByLabel("Key name").fill("three");
    await page.getByRole("button", { name: "Create New Key" }).click();
    // The create form's own alert (the signed-URL builder has a plan notice of its own, D33).
    const createForm = page.locator("form", { has: page.getByLabel("Key name") });
    await expect(createForm.getByRole("alert")).toContainText("The Free plan allows 2 active API keys");
    expect(
      await sql("SELECT k.id FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1", [email]),
    ).toHaveLength(2);

    // Revoking frees a slot.
    await page.reload();
    await waitForHydration(page, "input[name=name]");
    await row(page, "one").getByRole("button", { name: "Revoke key one" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(row(page, "one")).toContainText("Revoked");
    await expect(limit).toHaveText("1 of 2 active keys used on the Free plan.");
    await expect(page.getByRole("button", { name: "Create New Key" })).toBeEnabled();

    // A higher plan raises the limit, and the account page shows the plan from lib/plans.ts.
    await setPlan(email, "starter");
    await page.reload();
    await expect(limit).toHaveText("1 of 5 active keys used on the Starter plan.");
    await page.goto("/dashboard/account");
    await expect(page.getByRole("heading", { name: "Your plan" })).toBeVisible();
    const limits = page.getByTestId("plan-limits");
    await expect(limits).toContainText("$19 / month");
    await expect(limits).toContainText("2,000");
    await expect(limits).toContainText("60");
    await expect(limits).toContainText("14 days");
  });
});
