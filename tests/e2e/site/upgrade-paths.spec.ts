/**
 * #35 point 1 (D33): every state has a real next step to a paid plan. With Stripe (the harness's
 * app), a signed-in customer goes from a pricing card straight to Checkout. Without it (a server
 * of this spec's own, on the harness's database and mail listener, with CONTACT_URL and
 * ADMIN_EMAILS), pricing, billing and account say one sentence with the contact link and never
 * "operator" or "deployment"; only an administrator sees what to set.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2e, mailsTo, signInByEmail, uniqueEmail } from "../support";
import { seriousViolations } from "../support/axe";
import { linkTo } from "../support/mime";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { stripeCalls } from "../support/stripe";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const port = e2e.appPort + 37; // 3141 for E2E_PORT 3104: outside the harness's ports
const ownUrl = `http://127.0.0.1:${port}`;
const CONTACT = "https://example.test/contact";
const admin = uniqueEmail("admin");
let server: OwnServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-e2e-upgrade-"));
  server = await startOwnServer({
    port,
    hostname: "127.0.0.1",
    env: {
      APP_URL: ownUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: e2e.databaseUrl,
      EMAIL_SERVER: `smtp://127.0.0.1:${e2e.smtpPort}`,
      EMAIL_FROM: "Glance <no-reply@glance.test>",
      CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
      CONTACT_URL: CONTACT,
      ADMIN_EMAILS: `someone@example.test, ${admin.toUpperCase()}`,
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 150_000,
  });
});

test.afterAll(async () => {
  await server?.stop(15_000);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The e-mail sign-in on the spec's own server (its links start with its own URL). */
async function signInOwn(page: Page, email: string, returnTo = "/dashboard") {
  const before = (await mailsTo(email)).length;
  await page.goto(`${ownUrl}/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  // A fresh server's first sign-in (its mailer's first connection) is slow on a loaded machine.
  await expect(page).toHaveURL(/\/signin\/check-email/, { timeout: 60_000 });
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email))[before];
        link = mail && linkTo(mail, ownUrl);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  await page.goto(link!);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
}

async function expectCustomerWords(page: Page) {
  const text = (await page.getByRole("main").innerText()).toLowerCase();
  expect(text).not.toContain("operator");
  expect(text).not.toContain("deployment");
  expect(text).not.toContain("self-serve");
}

test("with Stripe: a signed-in customer goes from a pricing card straight to Checkout", async ({ page }) => {
  const email = uniqueEmail("pricing-checkout");
  await signInByEmail(page, email);
  await page.goto("/pricing");
  await expect(page.getByText("Most popular")).toHaveCount(0);
  await expect(page.locator("[data-plan=free]")).toContainText("Your plan");
  await expect(page.getByTestId("upgrade-setup-hint")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const before = (await stripeCalls()).filter((c) => c.path === "/v1/checkout/sessions").length;
  await page.locator("[data-plan=pro]").getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page).toHaveURL(new RegExp(`^${e2e.stripeUrl}/c/pay/cs_test_\\d+$`));
  const calls = (await stripeCalls()).filter((c) => c.path === "/v1/checkout/sessions");
  expect(calls.length).toBe(before + 1);
  expect(calls.at(-1)?.params).toMatchObject({ customer_email: email, "metadata[plan]": "pro" });
});

test("without Stripe: one message with the contact link on pricing, billing and account", async ({ page }) => {
  const email = uniqueEmail("contact");
  // A visitor: every paid plan's button is the contact link.
  await page.goto(`${ownUrl}/pricing`);
  for (const plan of ["Starter", "Pro", "Business"]) {
    await expect(page.getByRole("link", { name: `Contact us for ${plan}` })).toHaveAttribute("href", CONTACT);
  }
  await expect(page.getByRole("main")).toContainText("To move to a paid plan, contact us at example.test/contact");
  await expectCustomerWords(page);

  await signInOwn(page, email);
  for (const where of ["/pricing", "/dashboard/billing", "/dashboard/account"]) {
    await page.goto(`${ownUrl}${where}`);
    await expect(page.getByRole("main")).toContainText(
      "To move to a paid plan, contact us at example.test/contact: we change your account's plan for you",
    );
    await expect(page.getByTestId("upgrade-contact").first()).toHaveAttribute("href", CONTACT);
    await expect(page.getByTestId("upgrade-setup-hint")).toHaveCount(0);
    await expectCustomerWords(page);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test("without Stripe: an administrator sees what to set", async ({ page }) => {
  await signInOwn(page, admin, "/dashboard/billing");
  await page.goto(`${ownUrl}/dashboard/billing`);
  const hint = page.getByTestId("upgrade-setup-hint");
  await expect(hint).toContainText("Only administrators of this server see this.");
  await expect(hint).toContainText("STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET");
  await expect(hint).toContainText("npm run admin -- set-plan");
  await page.goto(`${ownUrl}/pricing`);
  await expect(hint).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
