/**
 * #14: the docs playground signs a URL in the browser (D15). A visitor enters a key's public id
 * and signing secret; Web Crypto signs the form's query; the URL renders (200) with no key and no
 * cookie; a changed parameter is refused (403 invalid_signature). The secret is never sent to the
 * server — checked on every request the page makes — nor stored in the browser.
 */
import { expect, test, type Request } from "@playwright/test";
import { createSignableKeyInDashboard, e2e, setPlan, signInByEmail, uniqueEmail, type SignableKey } from "../support";

// Several renders and page loads on a shared, loaded machine: generous, never a race.
test.describe.configure({ timeout: 180_000 });

async function proKey(browser: import("@playwright/test").Browser): Promise<SignableKey> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const email = uniqueEmail("signed-pg");
    await signInByEmail(page, email);
    await setPlan(email, "pro");
    return await createSignableKeyInDashboard(page, "embeds");
  } finally {
    await context.close();
  }
}

test("a visitor signs an OG URL in the playground: it renders, a changed parameter is 403, the secret never leaves the page", async ({
  browser,
  page,
}) => {
  const credentials = await proKey(browser);
  const sent: Request[] = [];
  page.on("request", (r) => sent.push(r));

  await page.goto("/docs/og");
  const playground = page.getByTestId("playground-og");
  await playground.getByTestId("auth-mode-signed").check();
  await expect(playground.getByTestId("playground-api-key")).toHaveCount(0);
  await expect(playground.getByTestId("signed-url-missing")).toContainText("public id");
  await playground.getByTestId("playground-key-id").fill(credentials.publicId);
  await playground.getByTestId("playground-signing-secret").fill(credentials.signingSecret);
  await expect(playground.getByTestId("playground-signing-secret")).toHaveAttribute("type", "password");
  await expect(playground.getByTestId("playground-signing-secret")).toHaveAttribute("autocomplete", "off");
  await playground.locator("[data-variable=title]").fill("Signed in the browser & safe");

  const rendered = page.waitForRequest((r) => new URL(r.url()).pathname === "/v1/og");
  await playground.getByTestId("render").click();
  const request = await rendered;
  await expect(playground.getByTestId("result-image")).toBeVisible({ timeout: 45_000 });
  await expect(playground.getByTestId("response-status")).toHaveText("200");

  // What was fetched is the URL shown, and it carries no credential: no key header, no cookie.
  const signedUrl = request.url();
  await expect(playground.getByTestId("playground-signed-url")).toHaveText(signedUrl);
  const headers = await request.allHeaders();
  expect(headers["x-api-key"]).toBeUndefined();
  expect(headers.cookie).toBeUndefined();
  const url = new URL(signedUrl);
  expect(url.origin).toBe(e2e.appUrl);
  expect(url.searchParams.get("key_id")).toBe(credentials.publicId);
  expect(url.searchParams.get("title")).toBe("Signed in the browser & safe");
  expect(url.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
  expect(url.searchParams.has("api_key")).toBe(false);
  await expect(playground.getByTestId("playground-signed-html")).toHaveText(
    `<meta property="og:image" content="${signedUrl.replace(/&/g, "&amp;")}" />`,
  );

  // The URL works anywhere (a crawler: no cookie, no header) and is publicly cacheable…
  const direct = await fetch(signedUrl);
  expect(direct.status).toBe(200);
  expect(direct.headers.get("content-type")).toBe("image/png");
  expect(direct.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
  // …and a changed parameter is refused.
  const tampered = new URL(signedUrl);
  tampered.searchParams.set("title", "Signed in the browser & changed");
  const refused = await fetch(tampered);
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe("invalid_signature");

  // An expiry is signed too: the URL gains `expires`, within the chosen day.
  await playground.getByTestId("playground-expiry").selectOption("1d");
  await expect(playground.getByTestId("playground-signed-url")).toContainText("expires=");
  const expiring = new URL((await playground.getByTestId("playground-signed-url").textContent())!);
  const expires = Number(expiring.searchParams.get("expires"));
  expect(expires - Date.now() / 1000).toBeGreaterThan(86_400 - 600);
  expect(expires - Date.now() / 1000).toBeLessThanOrEqual(86_400 + 5);
  expect((await fetch(expiring)).status).toBe(200);

  // The secret never left the page: in no URL, header or body of any request it made…
  expect(sent.length).toBeGreaterThan(1);
  for (const r of sent) {
    const seen = [r.url(), JSON.stringify(await r.allHeaders()), r.postData() ?? ""].join("\n");
    expect(seen, r.url()).not.toContain(credentials.signingSecret);
  }
  // …and is stored nowhere in the browser.
  const stored = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
  );
  expect(stored).not.toContain(credentials.signingSecret);
  expect(JSON.stringify(await page.context().cookies())).not.toContain(credentials.signingSecret);
});

test("the playground refuses to sign without a valid public id, and a wrong secret gives 403 invalid_signature", async ({
  browser,
  page,
}) => {
  const credentials = await proKey(browser);
  await page.goto("/docs/og");
  const playground = page.getByTestId("playground-og");
  await playground.getByTestId("auth-mode-signed").check();
  await playground.getByTestId("playground-key-id").fill("pk_live_short");
  await playground.getByTestId("playground-signing-secret").fill(credentials.signingSecret);
  await playground.getByTestId("render").click();
  await expect(playground.getByText("Enter the key's public id").first()).toBeVisible();

  await playground.getByTestId("playground-key-id").fill(credentials.publicId);
  const last = credentials.signingSecret.at(-1) === "x" ? "y" : "x";
  await playground.getByTestId("playground-signing-secret").fill(`${credentials.signingSecret.slice(0, -1)}${last}`);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/og");
  await playground.getByTestId("render").click();
  expect((await answered).status()).toBe(403);
  await expect(playground.getByTestId("response-status")).toHaveText("403");
  await expect(playground).toContainText("invalid_signature");
});
