import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { OAuthAgent } from "../../support/mcp-oauth-agent";
import {
  apiGet,
  createKeyInDashboard,
  e2e,
  mailsTo,
  sql,
  signInByEmail,
  uniqueEmail,
  waitForSignInLink,
} from "../support";

test.describe("sign-in", () => {
  test("e-mail magic link end to end: mail over SMTP, single-use link, return path, sign-out", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("mail");

    // Signed out, a dashboard page sends us to sign in and remembers where we were going.
    await page.goto("/dashboard/usage");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard%2Fusage$/);
    await expect(page.getByRole("heading", { name: "Sign in to Glance" })).toBeVisible();

    await page.getByLabel("E-mail address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page).toHaveURL(/\/signin\/check-email/);
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const link = await waitForSignInLink(email);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Your Glance sign-in link");
    expect(mail.from).toContain("no-reply@glance.test");
    expect(mail.html).toContain("Sign in");
    expect(link.startsWith(`${e2e.appUrl}/api/auth/callback/email?`)).toBe(true);

    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard\/usage$/);
    await expect(page.getByTestId("signed-in-as")).toHaveText(email);
    const [user] = await sql<{ plan: string; email_verified: Date | null }>(
      "SELECT plan::text AS plan, email_verified FROM users WHERE email = $1",
      [email],
    );
    expect(user.plan).toBe("free");
    expect(user.email_verified).not.toBeNull();

    // The link works once: a second browser following it is turned away.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage).toHaveURL(/\/signin\?error=Verification/);
    await expect(otherPage.getByRole("main").getByRole("alert")).toContainText("expired or was already used");
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/signin/);
    await other.close();

    // Sign-out ends the database session, not just the cookie.
    expect(
      await sql("SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [email]),
    ).toHaveLength(1);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${e2e.appUrl}/`);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("authjs.session-token");
    expect(
      await sql("SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [email]),
    ).toHaveLength(0);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin/);
  });

  test("GitHub sign-in through the local OAuth stub", async ({ page }) => {
    const email = uniqueEmail("gh");
    const login = `octo-${Date.now().toString(36)}`;
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue with GitHub" }).click();

    // The stub's authorize page (GitHub's own consent screen in production).
    await expect(page).toHaveURL(new RegExp(`^${e2e.githubUrl}/login/oauth/authorize\\?`));
    const authorizeUrl = new URL(page.url());
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${e2e.appUrl}/api/auth/callback/github`);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    await page.getByLabel("Username").fill(login);
    await page.getByLabel("Primary e-mail").fill(email);
    await page.getByRole("button", { name: "Authorize" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("signed-in-as")).toHaveText(email);
    const accounts = await sql<{ provider: string; access_token: string | null }>(
      "SELECT a.provider, a.access_token FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1",
      [email],
    );
    expect(accounts).toEqual([{ provider: "github", access_token: null }]);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Account" }).click();
    await expect(page.getByText("Sign-in methods")).toBeVisible();
    await expect(page.getByText("e-mail link, GitHub")).toBeVisible();
  });

  test("sign-in links always point at APP_URL, whatever Host the request claims", async ({ request }) => {
    const response = await request.get("/api/auth/signin", { headers: { Host: "evil.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = new URL(response.headers()["location"]!, e2e.appUrl);
    expect(location.origin).toBe(e2e.appUrl);
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(e2e.appUrl);
    // Auth.js's own POST sign-in endpoint (which would skip the e-mail throttle) is closed.
    const post = await request.post("/api/auth/signin/email", { form: { email: "x@example.test" }, maxRedirects: 0 });
    expect(post.status()).toBe(405);
  });

  test("at most three sign-in e-mails per address in ten minutes", async ({ page }) => {
    const email = uniqueEmail("throttle");
    for (let i = 0; i < 3; i++) {
      await page.goto("/signin");
      await page.getByLabel("E-mail address").fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(page).toHaveURL(/\/signin\/check-email/);
    }
    await page.goto("/signin");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("several links to this address");
    await expect(page).toHaveURL(/\/signin$/);
    await waitForSignInLink(email, 2);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  test("signed out, a dashboard page answers an HTTP redirect to sign-in that brings the visitor back", async ({
    request,
  }) => {
    for (const [path, callback] of [
      ["/dashboard", "%2Fdashboard"],
      ["/dashboard/keys?page=2", "%2Fdashboard%2Fkeys%3Fpage%3D2"],
      ["/dashboard/account", "%2Fdashboard%2Faccount"],
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(307);
      expect(res.headers()["location"], path).toMatch(
        new RegExp(`^(${e2e.appUrl})?/signin\\?callbackUrl=${callback}$`),
      );
    }
    // The return path is what the proxy saw, whatever header the client sends in its name.
    const spoofed = await request.get("/dashboard", {
      maxRedirects: 0,
      headers: { "x-glance-page-path": "//evil.example/" },
    });
    expect(spoofed.headers()["location"]).toMatch(/\/signin\?callbackUrl=%2Fdashboard$/);
    // An unknown or expired session is nobody.
    const stale = await request.get("/dashboard/usage", {
      maxRedirects: 0,
      headers: { cookie: "authjs.session-token=not-a-session" },
    });
    expect(stale.status()).toBe(307);
  });

  test("an invalid address is refused on the form", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("E-mail address").fill("not-an-address");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("valid e-mail address");
    await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
  });

  test("the local inbox page does not exist when SMTP is configured", async ({ page }) => {
    const response = await page.goto("/dev/inbox");
    expect(response?.status()).toBe(404);
  });

  test("a returning user signs in to the same account", async ({ page }) => {
    const email = uniqueEmail("again");
    await signInByEmail(page, email);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${e2e.appUrl}/`);
    await signInByEmail(page, email);
    expect(await sql("SELECT id FROM users WHERE lower(email) = $1", [email])).toHaveLength(1);
  });

  test("another host name of the server sends pages to APP_URL, where sign-in works; the API answers on any (#51)", async ({
    page,
  }) => {
    // The harness's APP_URL is 127.0.0.1; localhost is the same server under another name.
    const elsewhere = e2e.appUrl.replace("127.0.0.1", "localhost");
    const answer = await fetch(`${elsewhere}/signin?callbackUrl=%2Fdashboard%2Fkeys`, { redirect: "manual" });
    expect(answer.status).toBe(308);
    expect(answer.headers.get("location")).toBe(`${e2e.appUrl}/signin?callbackUrl=%2Fdashboard%2Fkeys`);

    const email = uniqueEmail("otherhost");
    await page.goto(`${elsewhere}/signin?callbackUrl=%2Fdashboard%2Fkeys`);
    await expect(page).toHaveURL(`${e2e.appUrl}/signin?callbackUrl=%2Fdashboard%2Fkeys`);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page).toHaveURL(/\/signin\/check-email/);
    await page.goto(await waitForSignInLink(email));
    await expect(page).toHaveURL(`${e2e.appUrl}/dashboard/keys`);

    // A key's API call by another host name (a load balancer's, a container's) is answered there.
    const key = await createKeyInDashboard(page, "any host");
    const usage = await fetch(`${elsewhere}/v1/usage`, { headers: { "X-API-Key": key }, redirect: "manual" });
    expect(usage.status).toBe(200);
    expect((await apiGet("/v1/usage", key)).status).toBe(200);

    // An MCP client (the SDK's, on Node's fetch) connecting there is told where to connect: a 421
    // made Node's fetch retry the POST and fail on its spent body, "fetch failed" (issue 51's walk).
    const agent = new StreamableHTTPClientTransport(new URL("/mcp", elsewhere), { authProvider: new OAuthAgent() });
    await expect(new Client({ name: "e2e", version: "1" }).connect(agent)).rejects.toThrow(
      `This server's MCP address is ${e2e.appUrl}/mcp (its APP_URL)`,
    );
  });
});
