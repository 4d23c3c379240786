/**
 * #16 keys beyond a lower plan's limit (D18): a cancellation (Stripe's webhook) moves the account
 * to Free; the newest key is paused (401 api_key_paused), never revoked; the keys page asks which
 * keys to keep, and its server action applies the choice. A refused choice comes back as a code
 * mapped to a fixed message: no text from the URL is rendered. In a team (D28), the billing member
 * chooses which keys the plan pauses but can pause none it has room for, and the choice is in the
 * audit log.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  apiGet,
  createKeyInDashboard,
  e2e,
  setPlan,
  signInByEmail,
  sql,
  teamOfTwo,
  uniqueEmail,
  userIdOf,
  waitForHydration,
} from "../support";
import { checkoutCompleted, subscriptionEvent } from "../support/stripe";

// Several renders and page loads on a shared, loaded machine: generous, never a race.
test.describe.configure({ timeout: 180_000 });

async function status(key: string): Promise<{ status: number; code?: string; detail?: string }> {
  const response = await apiGet("/v1/screenshot", key); // accepted keys get as far as 400 (no url)
  const body = (await response.json()) as { code?: string; detail?: string };
  return { status: response.status, code: body.code, detail: body.detail };
}

function choice(page: Page, name: string) {
  return page.getByTestId("paused-keys").getByRole("checkbox", { name: new RegExp(`^${name} `) });
}

async function keep(page: Page, names: Record<string, boolean>) {
  await page.goto("/dashboard/keys");
  await waitForHydration(page, "input[name=keep]");
  for (const [name, kept] of Object.entries(names)) await choice(page, name).setChecked(kept);
  await page.getByRole("button", { name: "Keep these keys" }).click();
}

test("a downgrade pauses the newest key; the customer chooses which keys stay active", async ({ page }) => {
  const email = uniqueEmail("paused");
  await signInByEmail(page, email);
  await setPlan(email, "starter");
  const userId = await userIdOf(email);
  const keys: Record<string, string> = {};
  for (const name of ["first", "second", "third"]) {
    keys[name] = await createKeyInDashboard(page, name);
    await page.getByRole("button", { name: "Done, I have saved it" }).click();
  }
  await expect(page.getByTestId("paused-keys")).toHaveCount(0);

  // Starter through Stripe, then the subscription ends: Free (2 keys) at once.
  expect((await checkoutCompleted(userId, "starter")).status).toBe(200);
  expect(
    await subscriptionEvent(
      "customer.subscription.deleted",
      userId,
      e2e.stripePrices.STRIPE_PRICE_STARTER_MONTHLY,
      "canceled",
    ),
  ).toEqual({ status: 200, body: { received: true, outcome: "applied" } });

  const paused = await status(keys.third!);
  expect([paused.status, paused.code]).toEqual([401, "api_key_paused"]);
  expect(paused.detail).toContain("2");
  expect((await status(keys.first!)).status).toBe(400);
  expect(await sql("SELECT 1 FROM api_keys WHERE user_id = $1 AND revoked_at IS NOT NULL", [userId])).toHaveLength(0);

  await page.goto("/dashboard/keys");
  const section = page.getByTestId("paused-keys");
  await expect(section.getByRole("heading", { name: "1 key is paused" })).toBeVisible();
  await expect(section).toContainText("The Free plan allows 2 active keys");
  await expect(choice(page, "first")).toBeChecked();
  await expect(choice(page, "second")).toBeChecked();
  await expect(choice(page, "third")).not.toBeChecked();

  // Refused choices: each a code in the URL, each a fixed message on the page.
  await keep(page, { first: true, second: true, third: true });
  await expect(page).toHaveURL(/\/dashboard\/keys\?keep-error=too-many$/);
  await expect(page.getByTestId("keep-error")).toHaveText("The Free plan allows 2 active keys: choose at most 2.");
  await keep(page, { first: false, second: false, third: false });
  await expect(page).toHaveURL(/keep-error=none-chosen$/);
  await expect(page.getByTestId("keep-error")).toHaveText("Choose at least one key to keep.");
  await page.goto("/dashboard/keys");
  await waitForHydration(page, "input[name=name]");
  await choice(page, "first").evaluate((box) => ((box as HTMLInputElement).value = "not-a-key-of-yours"));
  await page.getByRole("button", { name: "Keep these keys" }).click();
  await expect(page).toHaveURL(/keep-error=not-yours$/);
  await expect(page.getByTestId("keep-error")).toHaveText("Some of the chosen keys do not exist or are revoked.");
  expect((await status(keys.third!)).status).toBe(401); // nothing changed

  // Text put in the URL by someone else is never shown.
  const injected = "Your account is closed, call +1 555 0100";
  await page.goto(`/dashboard/keys?keep-error=${encodeURIComponent(injected)}`);
  await expect(section).toBeVisible();
  await expect(page.getByTestId("keep-error")).toHaveCount(0);
  expect(await page.content()).not.toContain("Your account is closed");

  // The choice: keep "first" and "third"; "second" is paused instead, nothing revoked.
  await keep(page, { first: true, second: false, third: true });
  await expect(page).toHaveURL(/\/dashboard\/keys$/);
  await expect(section.getByRole("heading", { name: "1 key is paused" })).toBeVisible();
  await expect(choice(page, "second")).not.toBeChecked();
  expect((await status(keys.third!)).status).toBe(400);
  expect((await status(keys.first!)).status).toBe(400);
  expect((await status(keys.second!)).code).toBe("api_key_paused");
  expect(await sql("SELECT 1 FROM api_keys WHERE user_id = $1 AND revoked_at IS NOT NULL", [userId])).toHaveLength(0);
});

test("a billing member chooses which keys a downgrade pauses, never one the plan has room for", async ({ browser }) => {
  const {
    owner,
    member: billing,
    team,
    memberEmail: billingEmail,
  } = await teamOfTwo(browser, "keys", "billing", "starter");
  const keys: Record<string, string> = {};
  for (const name of ["first", "second", "third"]) {
    keys[name] = await createKeyInDashboard(owner, name);
    await owner.getByRole("button", { name: "Done, I have saved it" }).click();
  }
  // The team's subscription ends: Free (2 keys), the newest paused.
  expect((await checkoutCompleted(team, "starter")).status).toBe(200);
  const ended = await subscriptionEvent(
    "customer.subscription.deleted",
    team,
    e2e.stripePrices.STRIPE_PRICE_STARTER_MONTHLY,
    "canceled",
  );
  expect(ended.status).toBe(200);
  expect((await status(keys.third!)).code).toBe("api_key_paused");

  // Keeping one key would pause a key the plan has room for: refused, nothing changes.
  await keep(billing, { first: true, second: false, third: false });
  await expect(billing).toHaveURL(/keep-error=too-few$/);
  await expect(billing.getByTestId("keep-error")).toHaveText(
    "The Free plan has room for 2 active keys: keep 2. Only a key beyond the plan's limit is paused.",
  );
  expect((await status(keys.second!)).status).toBe(400);

  // Which two stay is theirs to choose.
  await keep(billing, { first: true, second: false, third: true });
  await expect(billing).toHaveURL(/\/dashboard\/keys$/);
  expect((await status(keys.second!)).code).toBe("api_key_paused");
  expect((await status(keys.third!)).status).toBe(400);

  // The page is open with the choice when the paused key is revoked: every key now fits, so the
  // same form can pause none of them.
  await billing.goto("/dashboard/keys");
  await waitForHydration(billing, "input[name=keep]");
  await sql(`UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND name = 'second'`, [team]);
  await choice(billing, "third").setChecked(false);
  await billing.getByRole("button", { name: "Keep these keys" }).click();
  await expect(billing).toHaveURL(/keep-error=too-few$/);
  expect((await status(keys.third!)).status).toBe(400);
  expect((await status(keys.first!)).status).toBe(400);

  // The owner reads who chose, in words.
  await owner.goto("/dashboard/team/audit");
  const entry = owner.locator('[data-testid="audit-row"][data-action="keys.kept"]');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(billingEmail);
  await expect(entry).toContainText("chose the keys kept active after a downgrade");
});
