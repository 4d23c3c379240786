/**
 * Helpers for end-to-end tests (dashboard and site). The environment is the one harness.ts runs;
 * addresses come from ports.ts. Sign-in goes through the real flow: the form, the SMTP listener,
 * the link from the captured mail.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import pg from "pg";
import type { ParsedMail } from "./mime";
import { linkTo } from "./mime";
import { e2e } from "./ports";

export { e2e };
export type PlanId = "free" | "starter" | "pro" | "business";

export interface CapturedMail extends ParsedMail {
  envelopeTo: string[];
  receivedAt: string;
}

/** An address no other test uses. */
export function uniqueEmail(tag = "user"): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.test`;
}

export async function mailsTo(email: string): Promise<CapturedMail[]> {
  const response = await fetch(`${e2e.controlUrl}/mails?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`harness answered ${response.status}`);
  return (await response.json()) as CapturedMail[];
}

/** Waits for mail number `index` (0-based) to `email` and returns the sign-in link in it. */
export async function waitForSignInLink(email: string, index = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(email))[index];
    if (mail) {
      const link = linkTo(mail, `${e2e.appUrl}/api/auth/callback/`);
      if (!link) throw new Error(`mail to ${email} has no sign-in link:\n${mail.text}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail #${index + 1} to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs `page` in as `email` through the e-mail form and the link in the captured mail. */
export async function signInByEmail(page: Page, email: string, options: { returnTo?: string } = {}): Promise<void> {
  const before = (await mailsTo(email)).length;
  const query = options.returnTo ? `?callbackUrl=${encodeURIComponent(options.returnTo)}` : "";
  await page.goto(`/signin${query}`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/signin\/check-email/);
  const link = await waitForSignInLink(email, before);
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`${options.returnTo ?? "/dashboard"}$`.replace(/[?]/g, "\\?")));
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
}

let pool: pg.Pool | undefined;

/** Runs SQL against the app's test database. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: e2e.databaseUrl, max: 2, allowExitOnIdle: true });
  return (await pool.query<T>(text, values)).rows;
}

/** Creates an account directly in the database (it can then sign in by e-mail like anyone). */
export async function createAccount(email: string, plan: PlanId = "free"): Promise<string> {
  const id = `e2e${randomBytes(10).toString("hex")}`;
  await sql(`INSERT INTO users (id, email, plan, updated_at) VALUES ($1, $2, $3::"Plan", now())`, [
    id,
    email.toLowerCase(),
    plan,
  ]);
  return id;
}

/** Changes a user's plan, as the operator's `npm run admin -- set-plan` does. */
export async function setPlan(email: string, plan: PlanId): Promise<void> {
  const rows = await sql(`UPDATE users SET plan = $2::"Plan", updated_at = now() WHERE email = $1 RETURNING id`, [
    email.toLowerCase(),
    plan,
  ]);
  if (rows.length !== 1) throw new Error(`no user ${email}`);
}

/**
 * Waits until React has hydrated the element `selector` matches (React attaches its fiber to the
 * DOM node then). Input before that can be lost: a form submitted before hydration is neither
 * the action nor a page load, and the page comes back empty.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, selector);
}

/** Creates a key on the keys page and returns the full key shown once. */
export async function createKeyInDashboard(page: Page, name: string): Promise<string> {
  await page.goto("/dashboard/keys");
  await waitForHydration(page, "input[name=name]");
  await page.getByLabel("Key name").fill(name);
  await page.getByRole("button", { name: "Create New Key" }).click();
  const value = page.getByTestId("new-key-value");
  await expect(value).toBeVisible();
  const key = await value.inputValue();
  expect(key).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
  return key;
}

/** A GET on the app's API with a key in the X-API-Key header. */
export function apiGet(pathAndQuery: string, apiKey?: string): Promise<Response> {
  return fetch(`${e2e.appUrl}${pathAndQuery}`, { headers: apiKey ? { "X-API-Key": apiKey } : {} });
}

export interface SignableKey {
  key: string;
  publicId: string;
  signingSecret: string;
}

/** Creates a key on the keys page and returns what the new-key panel shows once (D15). */
export async function createSignableKeyInDashboard(page: Page, name: string): Promise<SignableKey> {
  const key = await createKeyInDashboard(page, name);
  const signingSecret = await page.getByTestId("new-signing-secret").inputValue();
  expect(signingSecret).toMatch(/^ss_live_[A-Za-z0-9_-]{43}$/);
  const publicId = (await page.getByTestId("new-key-panel").textContent())?.match(/pk_live_[A-Za-z0-9]{24}/)?.[0];
  if (!publicId) throw new Error("the new-key panel shows no public id");
  return { key, publicId, signingSecret };
}

/** The user id of an account, by e-mail. */
export async function userIdOf(email: string): Promise<string> {
  const rows = await sql<{ id: string }>("SELECT id FROM users WHERE email = $1", [email.toLowerCase()]);
  if (rows.length !== 1) throw new Error(`no user ${email}`);
  return rows[0]!.id;
}

/** Where the server's output is now: pass it to `serverOutputSince` for what it writes after (harness-taps.ts). */
export async function serverOutputOffset(): Promise<number> {
  return (
    (await (await fetch(`${e2e.controlUrl}/server-output?from=${Number.MAX_SAFE_INTEGER}`)).json()) as {
      next: number;
    }
  ).next;
}

/** Everything the server wrote (stdout and stderr, every log line from info up) since `offset`. */
export async function serverOutputSince(offset: number): Promise<string> {
  return ((await (await fetch(`${e2e.controlUrl}/server-output?from=${offset}`)).json()) as { text: string }).text;
}

/** A fixture page that answers only once released (`releaseHeldPage`): renders of it, and their jobs, wait until then. */
export const heldPageUrl = (name: string) => `${e2e.fixturesUrl}/hold/${name}`;

export async function releaseHeldPage(name: string): Promise<void> {
  const response = await fetch(`${e2e.controlUrl}/release?name=${encodeURIComponent(name)}`, { method: "POST" });
  if (!response.ok) throw new Error(`harness answered ${response.status}`);
}

/** The request headers each request for the held page `name` came with. */
export async function heldPageRequests(name: string): Promise<Array<Record<string, string>>> {
  return (await (await fetch(`${e2e.controlUrl}/held?name=${encodeURIComponent(name)}`)).json()) as Array<
    Record<string, string>
  >;
}

/**
 * A team of two people, each signed in in a browser context of their own and acting for the team
 * (the cookie the workspace switcher sets): its owner and a member of `role`. `setRole` changes
 * the member's role behind the pages' back, as another owner would.
 */
export async function teamOfTwo(
  browser: Browser,
  tag: string,
  role: string,
  plan = "free",
): Promise<{
  owner: Page;
  member: Page;
  team: string;
  memberId: string;
  memberEmail: string;
  setRole: (role: string) => Promise<void>;
}> {
  const ownerEmail = uniqueEmail(`${tag}-owner`);
  const memberEmail = uniqueEmail(`${tag}-${role}`);
  const owner = await (await browser.newContext()).newPage();
  const member = await (await browser.newContext()).newPage();
  await signInByEmail(owner, ownerEmail);
  await signInByEmail(member, memberEmail);
  const memberId = await userIdOf(memberEmail);
  const team = `e2e${randomBytes(10).toString("hex")}`;
  await sql(`INSERT INTO users (id, kind, name, plan, updated_at) VALUES ($1, 'team', $2, $3, now())`, [
    team,
    `${tag} team`,
    plan,
  ]);
  await sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, $4)`, [
    team,
    await userIdOf(ownerEmail),
    memberId,
    role,
  ]);
  for (const page of [owner, member])
    await page.context().addCookies([{ name: "glance.workspace", value: team, url: e2e.appUrl }]);
  const setRole = async (next: string) => {
    await sql(`UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2`, [
      team,
      memberId,
      next,
    ]);
  };
  return { owner, member, team, memberId, memberEmail, setRole };
}
