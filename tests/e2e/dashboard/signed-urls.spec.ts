/**
 * #14 in the dashboard (D15): the signing secret shown once at creation, rolling it (old signed
 * URLs refused from the next request, new ones work), per-key restrictions set on the key's page
 * and enforced on signed requests, and the URL builder's signed URL rendering for real.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUrl } from "../../../lib/signing/canonical";
import {
  createSignableKeyInDashboard,
  e2e,
  setPlan,
  signInByEmail,
  sql,
  uniqueEmail,
  waitForHydration,
} from "../support";

// Several renders and page loads on a shared, loaded machine: generous, never a race.
test.describe.configure({ timeout: 180_000 });

async function signedGet(
  path: "/v1/og" | "/v1/screenshot",
  params: Record<string, string>,
  publicId: string,
  signingSecret: string,
) {
  const response = await fetch(signUrl(e2e.appUrl, path, params, { keyId: publicId, signingSecret }));
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    type,
    code: type.includes("json") ? ((await response.json()) as { code?: string }).code : undefined,
  };
}

async function openKeyPage(page: Page, email: string, name: string) {
  const [{ id }] = await sql<{ id: string }>(
    "SELECT k.id FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1 AND k.name = $2",
    [email, name],
  );
  await page.goto(`/dashboard/keys/${id}`);
  await waitForHydration(page, "[data-testid=roll-secret] button[type=submit]");
}

async function proAccount(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await signInByEmail(page, email);
  await setPlan(email, "pro");
  return email;
}

test.describe("signed URLs in the dashboard", () => {
  test("a new key shows its public id and signing secret once; a URL signed with them renders", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = await proAccount(page, "signed-create");
    const { publicId, signingSecret } = await createSignableKeyInDashboard(page, "site embeds");
    const panel = page.getByTestId("new-key-panel");
    await expect(panel).toContainText(publicId);
    await panel.getByRole("button", { name: "Copy signing secret" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(signingSecret);

    const ok = await signedGet("/v1/og", { template: "default", title: "Created" }, publicId, signingSecret);
    expect([ok.status, ok.type]).toEqual([200, "image/png"]);

    await page.getByRole("button", { name: "Done, I have saved it" }).click();
    expect(await page.content()).not.toContain(signingSecret);
    await page.reload();
    expect(await page.content()).not.toContain(signingSecret);
    await openKeyPage(page, email, "site embeds");
    await expect(page.getByTestId("public-id")).toHaveText(publicId);
    await expect(page.getByRole("main")).toContainText("Set (shown once when created or rolled)");
    expect(await page.content()).not.toContain(signingSecret);
    // Nothing in the database is the secret either (it is derived, D15).
    expect(
      JSON.stringify(
        await sql("SELECT k.* FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1", [email]),
      ),
    ).not.toContain(signingSecret);
  });

  test("rolling the signing secret: old signed URLs are refused at once, the new secret's URLs work", async ({
    page,
  }) => {
    const email = await proAccount(page, "signed-roll");
    const { publicId, signingSecret: old } = await createSignableKeyInDashboard(page, "rolled");
    const params = { template: "default", title: "Before the roll" };
    expect((await signedGet("/v1/og", params, publicId, old)).status).toBe(200);

    await openKeyPage(page, email, "rolled");
    await page.getByRole("button", { name: "Roll signing secret" }).click();
    const rolled = page.getByTestId("rolled-secret");
    await expect(rolled).toBeVisible();
    const fresh = await rolled.inputValue();
    expect(fresh).toMatch(/^ss_live_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);

    // The very same URL (a cache HIT a moment ago) is now refused; the new secret's URL renders.
    const refused = await signedGet("/v1/og", params, publicId, old);
    expect([refused.status, refused.code]).toEqual([403, "invalid_signature"]);
    const works = await signedGet("/v1/og", params, publicId, fresh);
    expect([works.status, works.type]).toEqual([200, "image/png"]);

    await page.reload();
    await expect(page.getByTestId("rolled-secret")).toHaveCount(0);
    expect(await page.content()).not.toContain(fresh);
  });

  test("restrictions set on the key's page apply to its signed URLs: allowed endpoints and a monthly render cap", async ({
    page,
  }) => {
    const email = await proAccount(page, "signed-limits");
    const { publicId, signingSecret } = await createSignableKeyInDashboard(page, "og only");
    await openKeyPage(page, email, "og only");
    const form = page.getByTestId("key-limits");

    // Nothing allowed is refused by the form itself.
    const boxes = form.getByRole("checkbox");
    for (const box of await boxes.all()) await box.uncheck();
    await form.getByRole("button", { name: "Save restrictions" }).click();
    await expect(form.getByRole("alert")).toHaveText("Allow at least one endpoint (or revoke the key).");

    // React resets the form to the saved values after an action: set every box again, og alone.
    for (const box of await boxes.all()) await box.uncheck();
    await form.getByLabel("Open Graph images (/v1/og)").check();
    await form.getByLabel("Monthly render cap").fill("1");
    await form.getByRole("button", { name: "Save restrictions" }).click();
    await expect(
      form.getByRole("status").filter({ hasText: "Saved. The next request with this key follows them." }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole("main")).toContainText("Only og; at most 1 renders a month");

    // A correctly signed screenshot URL is outside the key's endpoints.
    const screenshot = await signedGet("/v1/screenshot", { url: `${e2e.fixturesUrl}/` }, publicId, signingSecret);
    expect([screenshot.status, screenshot.code]).toEqual([403, "endpoint_not_allowed"]);
    // One render is within the cap; a second, different image is not; the first stays served from cache.
    expect((await signedGet("/v1/og", { template: "default", title: "First" }, publicId, signingSecret)).status).toBe(
      200,
    );
    const capped = await signedGet("/v1/og", { template: "default", title: "Second" }, publicId, signingSecret);
    expect([capped.status, capped.code]).toEqual([429, "key_render_cap_reached"]);
    expect((await signedGet("/v1/og", { template: "default", title: "First" }, publicId, signingSecret)).status).toBe(
      200,
    );
    await page.reload();
    await expect(page.getByTestId("key-limits")).toContainText("This key has caused 1 renders this month.");

    // Lifting the restrictions lets the same signed URLs through on the next request.
    await waitForHydration(page, "[data-testid=key-limits] button[type=submit]");
    await page.getByLabel("Screenshots (/v1/screenshot)").check();
    await page.getByLabel("Monthly render cap").fill("");
    await page.getByRole("button", { name: "Save restrictions" }).click();
    await expect(
      page
        .getByTestId("key-limits")
        .getByRole("status")
        .filter({ hasText: "Saved. The next request with this key follows them." }),
    ).toBeVisible();
    expect((await signedGet("/v1/og", { template: "default", title: "Second" }, publicId, signingSecret)).status).toBe(
      200,
    );
  });

  test("the URL builder signs an OG URL that renders, with a meta tag to copy; a changed parameter is 403", async ({
    page,
  }) => {
    await proAccount(page, "signed-builder");
    await createSignableKeyInDashboard(page, "builder key");
    await page.getByRole("button", { name: "Done, I have saved it" }).click();
    const builder = page.getByTestId("url-builder");
    await builder.getByLabel("Key", { exact: true }).selectOption({ label: "builder key" });
    await builder.getByLabel("Template").selectOption("default");
    await builder.getByLabel(/^title/).fill("Built in the dashboard");
    await builder.getByLabel("Expires").selectOption("30d");
    await builder.getByRole("button", { name: "Build signed URL" }).click();

    const signed = builder.getByTestId("signed-url");
    await expect(signed).toBeVisible();
    const url = new URL(await signed.inputValue());
    expect(url.origin + url.pathname).toBe(`${e2e.appUrl}/v1/og`);
    expect(url.searchParams.get("title")).toBe("Built in the dashboard");
    expect(url.searchParams.get("key_id")).toMatch(/^pk_live_[A-Za-z0-9]{24}$/);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeGreaterThan(29 * 86_400);
    expect(await builder.getByTestId("meta-tag").inputValue()).toBe(
      `<meta property="og:image" content="${url.href.replace(/&/g, "&amp;")}" />`,
    );

    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const bytes = (await image.arrayBuffer()).byteLength;

    // What crawlers and CDNs send, through the production server: HEAD and a conditional GET.
    const head = await fetch(url, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    for (const name of ["content-type", "etag", "cache-control", "cross-origin-resource-policy"]) {
      expect([name, head.headers.get(name)]).toEqual([name, image.headers.get(name)]);
    }
    expect(Number(head.headers.get("content-length"))).toBe(bytes);
    expect(Number(image.headers.get("content-length"))).toBe(bytes);
    expect(image.headers.get("x-glance-body-length")).toBeNull(); // the edge's input, never sent
    const revalidated = await fetch(url, { headers: { "If-None-Match": image.headers.get("etag")! } });
    expect([revalidated.status, await revalidated.text(), revalidated.headers.get("x-cache")]).toEqual([
      304,
      "",
      "HIT",
    ]);
    expect(revalidated.headers.get("etag")).toBe(image.headers.get("etag"));

    url.searchParams.set("title", "Changed");
    const refused = await fetch(url);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("invalid_signature");
  });

  test("an account template from the OG studio: the studio points to signed URLs, the builder signs it, the URL renders", async ({
    page,
  }) => {
    await proAccount(page, "signed-studio");
    await createSignableKeyInDashboard(page, "studio embeds");
    await page.getByRole("button", { name: "Done, I have saved it" }).click();

    await page.goto("/dashboard/templates");
    await waitForHydration(page, "textarea");
    await page.getByLabel("Name").fill("embed-card");
    await page
      .getByLabel("Template source")
      .fill(
        `<variables>\n  <text name="headline" required />\n</variables>\n<div style="background-color: #0f172a; width: 100%; height: 100%">\n  <p style="color: #ffffff; font-size: 64px">{{headline}}</p>\n</div>`,
      );
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved embed-card as version 1.");
    // Never "put your key in the page": the studio sends public pages to signed URLs.
    const usage = page.getByTestId("template-usage");
    await expect(usage).toContainText("never the key");
    await usage.getByRole("link", { name: "build a signed URL" }).click();
    await expect(page).toHaveURL(/\/dashboard\/keys$/);

    const builder = page.getByTestId("url-builder");
    await waitForHydration(page, "[data-testid=url-builder] button[type=submit]");
    await builder.getByLabel("Key", { exact: true }).selectOption({ label: "studio embeds" });
    await builder.getByLabel("Template").selectOption({ label: "embed-card (yours)" });
    await builder.getByLabel(/^headline/).fill("Signed from the studio");
    await builder.getByRole("button", { name: "Build signed URL" }).click();
    const url = new URL(await builder.getByTestId("signed-url").inputValue());
    expect(url.searchParams.get("template")).toBe("embed-card");
    expect(url.searchParams.get("headline")).toBe("Signed from the studio");
    expect(url.searchParams.has("api_key")).toBe(false);

    const image = await fetch(url);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(image.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    url.searchParams.set("headline", "Changed");
    const refused = await fetch(url);
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([403, "invalid_signature"]);
  });
});
