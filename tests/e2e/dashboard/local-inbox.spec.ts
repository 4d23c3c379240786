/**
 * D12, the embedded default: with no EMAIL_SERVER and a localhost APP_URL, sign-in links go to the
 * server log and the local inbox page. This spec starts its own production server from the same build
 * with nothing configured but a private DATA_DIR (embedded database included) — and the e2e
 * fixtures' origin allowed, so a monitor can watch one of its pages: its alert e-mails land in the
 * local inbox too (issue 51.5).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2e, uniqueEmail, waitForHydration } from "../support";
import { serverCommand } from "../../../lib/edge/command";

const appUrl = `http://localhost:${e2e.localAppPort}`;
let server: ChildProcess;
let dataDir: string;
let log = "";

test.beforeAll(async () => {
  test.setTimeout(300_000); // the embedded database starts and migrates first: slow on a loaded machine
  dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-local-"));
  const command = serverCommand(process.cwd(), { port: e2e.localAppPort, hostname: "localhost" });
  server = spawn(command.command, command.args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
      PORT: String(e2e.localAppPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ALLOW_PRIVATE_ORIGINS: e2e.fixturesUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  server.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  // The demo's key is printed when the server starts, before anyone has asked it anything.
  await expect.poll(() => log.includes("Demo API key: sk_live_"), { timeout: 270_000, intervals: [250] }).toBe(true);
  await expect
    .poll(async () => (await fetch(`${appUrl}/healthz`).catch(() => undefined))?.status, {
      timeout: 270_000,
      intervals: [250],
    })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("sign-in through the local inbox page, with the link also in the server log", async ({ page }) => {
  test.setTimeout(180_000); // first requests to a cold embedded database, on a loaded machine
  const email = uniqueEmail("local");
  await page.goto(`${appUrl}/signin`);
  await expect(page.getByText("Local mode: no mail server is configured")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with GitHub" })).toHaveCount(0);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/signin\/check-email/);

  await page.getByRole("link", { name: "local inbox" }).click();
  await expect(page).toHaveURL(`${appUrl}/dev/inbox`);
  await expect(page.getByRole("heading", { name: "Local inbox" })).toBeVisible();
  const signIn = page.getByRole("link", { name: `Sign in as ${email}` });
  const href = await signIn.getAttribute("href");
  expect(href).toMatch(new RegExp(`^${appUrl}/api/auth/callback/email\\?`));
  await expect.poll(() => log.includes(href!)).toBe(true);

  await signIn.click();
  await expect(page).toHaveURL(`${appUrl}/dashboard`);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);

  // Nothing configured means no self-serve billing (D18) and no contact: a paid plan's card leads to
  // the billing page, which says whom to ask and the command they run for this very workspace
  // (#51); the demo's user runs the server, so they also see what to set (#35, D33).
  const workspaceId = await page.getByLabel("Workspace").inputValue();
  await page.goto(`${appUrl}/pricing`);
  await expect(page.getByRole("main")).toContainText(
    "Each workspace — your personal one and every team — has its own plan",
  );
  await page.locator("[data-plan=pro]").getByRole("link", { name: "How to get Pro" }).click();
  await expect(page).toHaveURL(`${appUrl}/dashboard/billing?plan=pro#upgrade`);
  await expect(page.getByTestId("billing-off")).toContainText("Paid plans are not sold online on this server.");
  await expect(page.getByTestId("set-plan-command")).toHaveText(
    `npm run admin -- set-plan --workspace ${workspaceId} --plan pro`,
  );
  await expect(page.getByTestId("upgrade-setup-hint")).toContainText("CONTACT_URL or CONTACT_EMAIL");
  await expect(page.getByRole("button", { name: /Upgrade/ })).toHaveCount(0);
  // On a phone the hint's long setting names wrap instead of widening the page (issue 51's walk:
  // STRIPE_PRICE_{…}_{…} ran 17 px past the edge of the pricing page at 390 px).
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/pricing", "/dashboard/billing"]) {
    await page.goto(`${appUrl}${path}`);
    await expect(page.getByTestId("upgrade-setup-hint").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(viewport);

  // A team starts on Free and is billed on its own; its invitation e-mail opens the invitation, whose
  // sign-in link fills in the invited address (#51).
  const invited = uniqueEmail("invited");
  await page.goto(`${appUrl}/dashboard/team`);
  await page.getByLabel("Team name").fill("Local team");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByLabel("Workspace").locator("option:checked")).toHaveText("Local team");
  await page.goto(`${appUrl}/dashboard/billing`);
  await expect(page.getByRole("main")).toContainText("You are on the Free plan.");
  await expect(page.getByTestId("billed-separately")).toContainText(
    "Local team has a plan of its own, billed on its own",
  );
  await page.goto(`${appUrl}/dashboard/team`);
  await page.getByLabel("E-mail address").fill(invited);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invited}.`)).toBeVisible();
  await page.goto(`${appUrl}/dev/inbox`);
  const open = page.getByRole("link", { name: "Open the invitation to Local team" });
  await expect(page.getByRole("link", { name: `Sign in as ${invited}` })).toHaveCount(0);
  const invitation = await open.getAttribute("href");
  expect(invitation).toMatch(new RegExp(`^${appUrl}/invite/`));
  const stranger = await page.context().browser()!.newPage();
  await stranger.goto(invitation!);
  await stranger.getByRole("link", { name: `Sign in as ${invited}` }).click();
  await expect(stranger.getByLabel("E-mail address")).toHaveValue(invited);
  await stranger.close();
});

test("the demo's console lines name its key's account, and signing in as they say shows that account", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // What `npm run demo` prints (lib/bootstrap.ts), from this production server's own output.
  const key = /Demo API key: (sk_live_[A-Za-z0-9]{32})/.exec(log)?.[1];
  expect(key).toBeDefined();
  expect(log).toContain("It belongs to the account demo@glance.local, on the Business plan.");
  const steps = /Sign in as it: (\S+) with demo@glance\.local, then open the link in the local inbox at (\S+)/.exec(
    log,
  );
  expect(steps?.slice(1)).toEqual([`${appUrl}/signin`, `${appUrl}/dev/inbox`]);

  await page.goto(steps![1]);
  await page.getByLabel("E-mail address").fill("demo@glance.local");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/signin\/check-email/);
  await page.goto(steps![2]);
  await page.getByRole("link", { name: "Sign in as demo@glance.local" }).first().click();
  await expect(page).toHaveURL(`${appUrl}/dashboard`);
  await expect(page.getByTestId("signed-in-as")).toHaveText("demo@glance.local");
  await expect(page.getByText("Business plan").first()).toBeVisible();
  // The printed key is this account's.
  const usage = await fetch(`${appUrl}/v1/usage`, { headers: { "X-API-Key": key! } });
  expect(((await usage.json()) as { plan: { id: string } }).plan.id).toBe("business");
});

test("a monitor's alert e-mail lands in the local inbox, ticked by default", async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("local-monitor");
  await page.goto(`${appUrl}/signin`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/signin\/check-email/);
  await page.goto(`${appUrl}/dev/inbox`);
  await page.getByRole("link", { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(`${appUrl}/dashboard`);

  await page.goto(`${appUrl}/dashboard/monitors`);
  await waitForHydration(page, "input[name=url]");
  const form = page.getByTestId("create-monitor");
  await expect(form.getByRole("checkbox", { name: /E-mail alerts to/ })).toBeChecked();
  await expect(form).toContainText("local inbox");
  // On a phone the note reads as a sentence beside the box, not a column a few words wide (issue
  // 51's walk at 390 px: the checkbox, its text and the note were three flex items side by side).
  await page.setViewportSize({ width: 390, height: 844 });
  const note = form.getByTestId("email-alerts").getByText(/no mail server is configured/);
  const noteBox = await note.boundingBox();
  const formBox = await form.boundingBox();
  expect(noteBox!.width).toBeGreaterThan(formBox!.width * 0.6);
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByLabel("Page to watch").fill(`${e2e.fixturesUrl}/clock.html`);
  await form.getByLabel(/Name/).fill("Local clock");
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(form.getByRole("status")).toContainText("Created");
  const item = page.getByTestId("monitor").filter({ hasText: "Local clock" });
  const lastRun = async () => {
    await page.reload();
    return item.getByTestId("last-run").textContent();
  };
  await expect.poll(lastRun, { timeout: 120_000, intervals: [1_000] }).toContain("baseline taken");
  // The clock page is different at every load: the next run is a change, and alerts.
  await waitForHydration(page, "[data-testid^=monitor-buttons] button");
  await item.getByRole("button", { name: "Run now" }).click();
  await expect.poll(lastRun, { timeout: 120_000, intervals: [1_000] }).toContain("changed");

  await page.goto(`${appUrl}/dev/inbox`);
  const alert = page.getByRole("listitem").filter({ hasText: "Glance: Local clock changed" });
  await expect(alert).toContainText(`To: ${email}`);
  await expect(alert.getByTestId("inbox-text")).toContainText("What changed (highlighted):");
  await alert.getByRole("link", { name: "Open the monitor" }).click();
  await expect(page.getByRole("heading", { name: "Local clock" })).toBeVisible();
});
