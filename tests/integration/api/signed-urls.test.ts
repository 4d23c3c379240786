/**
 * Signed URLs (issue 14, D15) through the real /v1/og pipeline, Postgres and result store:
 * every tampering refused with its code, revocation and rolled secrets on the next request,
 * public caching, 304 without a render or quota, HEAD.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { startImageServer, type ImageServer } from "@/tests/support/image-server";

type Route = (request: Request) => Promise<Response>;

let images: ImageServer;
let og: Route;
let ogHead: Route;
let screenshot: Route;
let signUrl: typeof import("@/lib/signing/canonical").signUrl;
let signatureFor: typeof import("@/lib/signing/canonical").signatureFor;
let owner: TestAccount;
let stranger: TestAccount;

const BASE = "http://localhost:3000";
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  images = await startImageServer();
});

testEnvironment(() => ({
  extra: { URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef", ALLOW_PRIVATE_ORIGINS: images.origin },
}));

beforeAll(async () => {
  const route = await import("@/app/v1/og/route");
  og = route.GET;
  ogHead = route.HEAD;
  screenshot = (await import("@/app/v1/screenshot/route")).GET;
  ({ signUrl, signatureFor } = await import("@/lib/signing/canonical"));
  owner = await createTestAccount({ plan: "pro" });
  stranger = await createTestAccount({ plan: "pro" });
});

afterAll(async () => {
  await (await import("@/lib/browser")).shutdownBrowsers();
  await images?.close();
});

function signed(
  params: Record<string, string>,
  account: TestAccount = owner,
  options: { expires?: number; path?: string } = {},
): string {
  return signUrl(BASE, options.path ?? "/v1/og", params, {
    keyId: account.publicId,
    signingSecret: account.signingSecret,
    expires: options.expires,
  });
}

const call = (url: string, init: RequestInit = {}, route: Route = og) => route(new Request(url, init));

async function expectProblem(res: Response, status: number, code: string, param?: string) {
  const body = await problemOf(res);
  expect([res.status, body.code]).toEqual([status, code]);
  if (param) expect(body.param).toBe(param);
  return body;
}

async function rendersOf(account: TestAccount): Promise<number> {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ n: number }>("SELECT COALESCE(SUM(renders), 0)::int AS n FROM monthly_usage WHERE user_id = $1", [
    account.userId,
  ]);
  return rows[0].n;
}

describe("a signed OG URL", () => {
  it("renders, with public caching up to the plan's TTL, immutable, a strong ETag, and no secret in the URL", async () => {
    const url = signed({ template: "default", title: "Signed hello" });
    expect(url).not.toContain(owner.apiKey);
    expect(url).not.toContain(owner.signingSecret);
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const cacheControl = res.headers.get("cache-control") ?? "";
    expect(cacheControl).toMatch(/^public, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)![1]);
    const { cacheTtlSeconds } = await import("@/lib/plans");
    expect(maxAge).toBeGreaterThan(cacheTtlSeconds("pro") - 60); // up to the plan's TTL
    expect(maxAge).toBeLessThanOrEqual(cacheTtlSeconds("pro"));
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/); // strong: no W/
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    // Public answer: the account's quota figures stay out of it; the rate-limit window stays (D4).
    expect(res.headers.get("x-quota-remaining")).toBeNull();
    expect(res.headers.get("ratelimit-limit")).not.toBeNull();
  });

  it("is capped by its expires, and the same render by key stays private", async () => {
    const params = { template: "default", title: "Expiring" };
    const res = await call(signed(params, owner, { expires: now() + 600 }));
    expect(res.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")![1]);
    expect(maxAge).toBeGreaterThan(500);
    expect(maxAge).toBeLessThanOrEqual(600);

    const byKey = await og(
      apiRequest(`/v1/og?${new URLSearchParams(params)}`, { apiKey: owner.apiKey, keyIn: "query" }),
    );
    expect(byKey.status).toBe(200);
    expect(byKey.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(byKey.headers.get("x-quota-remaining")).not.toBeNull();
  });

  it("is not immutable for an account template, whose saved edits change the image behind the same URL", async () => {
    const { saveTemplate } = await import("@/lib/studio/templates");
    const source = (bg: string) =>
      `<variables>\n  <text name="headline" required />\n</variables>\n<div style="background-color: ${bg}; width: 100%; height: 100%">\n  <p style="font-size: 64px">{{headline}}</p>\n</div>`;
    await saveTemplate(owner.userId, { name: "signed-card", source: source("#ffffff") });
    const url = signed({ template: "signed-card", headline: "Mine" });
    const first = await call(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    await saveTemplate(owner.userId, { name: "signed-card", source: source("#000000") });
    const edited = await call(url);
    expect(edited.status).toBe(200);
    expect(edited.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("is not immutable when a variable is a remote image, whose bytes can change behind its URL", async () => {
    const res = await call(
      signed({ template: "blog-post", title: "Avatar", author: "Ada", avatar: `${images.origin}/red.png` }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  });
});

describe("the same pipeline as a key", () => {
  it("plan gates and the monthly quota apply to a signed URL; the cache still serves what was rendered", async () => {
    // OG is Pro or higher (D3): a Free account's correctly signed URL is refused like its key would be.
    const free = await createTestAccount({ plan: "free" });
    const gated = await expectProblem(
      await call(signed({ template: "default", title: "Free" }, free)),
      403,
      "plan_upgrade_required",
    );
    expect(gated.detail).toMatch(/Pro/);

    const account = await createTestAccount({ plan: "pro" });
    const cached = signed({ template: "default", title: "Rendered before the quota ran out" }, account);
    expect((await call(cached)).status).toBe(200);
    expect(await rendersOf(account)).toBe(1);
    const { getPool } = await import("@/lib/db/pool");
    const { monthKey } = await import("@/lib/usage/quota");
    const { PLANS } = await import("@/lib/plans");
    await (
      await getPool()
    ).query("UPDATE monthly_usage SET renders = $3 WHERE user_id = $1 AND month = $2", [
      account.userId,
      monthKey(),
      PLANS.pro.rendersPerMonth,
    ]);
    await expectProblem(
      await call(signed({ template: "default", title: "One too many" }, account)),
      429,
      "quota_exceeded",
    );
    const hit = await call(cached);
    expect([hit.status, hit.headers.get("x-cache")]).toEqual([200, "HIT"]);
  });
});

describe("tampering (each refused with its code)", () => {
  const params = { template: "default", title: "Tamper proof", description: "a b+c" };
  let url: URL;
  beforeAll(async () => {
    url = new URL(signed(params, owner, { expires: now() + 3600 }));
    expect((await call(url.href)).status).toBe(200);
  });
  const withQuery = (query: string) => `${BASE}/v1/og?${query}`;
  const edit = (change: (q: URLSearchParams) => void) => {
    const q = new URLSearchParams(url.search);
    change(q);
    return withQuery(q.toString());
  };

  it("a changed value: 403 invalid_signature", async () => {
    await expectProblem(
      await call(edit((q) => q.set("title", "Tamper proof!"))),
      403,
      "invalid_signature",
      "signature",
    );
  });

  it("an added parameter: 403 invalid_signature", async () => {
    await expectProblem(await call(edit((q) => q.set("format", "jpg"))), 403, "invalid_signature");
  });

  it("a removed parameter: 403 invalid_signature", async () => {
    await expectProblem(await call(edit((q) => q.delete("description"))), 403, "invalid_signature");
  });

  it("a removed expires (to make the URL eternal): 403 invalid_signature", async () => {
    await expectProblem(await call(edit((q) => q.delete("expires"))), 403, "invalid_signature");
  });

  it("a reordered or equivalently re-encoded query is the same parameters: accepted (canonical form)", async () => {
    const pairs = [...new URLSearchParams(url.search)].reverse();
    const reordered = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
    expect((await call(withQuery(reordered))).status).toBe(200);
    // + instead of %20 (both a space), and an unreserved letter percent-encoded: the same decoded values.
    const reencoded = url.search.slice(1).replace("a%20b", "a+b").replace("template=default", "template=%64efault");
    expect(reencoded).not.toBe(url.search.slice(1));
    expect((await call(withQuery(reencoded))).status).toBe(200);
  });

  it("a re-encoding that changes a value (%2B is a plus, + is a space): 403 invalid_signature", async () => {
    const query = url.search.slice(1);
    expect(query).toContain("a%20b%2Bc");
    await expectProblem(await call(withQuery(query.replace("a%20b%2Bc", "a%20b+c"))), 403, "invalid_signature");
    await expectProblem(await call(withQuery(query.replace("a%20b%2Bc", "a%2Bb%2Bc"))), 403, "invalid_signature");
  });

  it("a duplicated parameter: 400 invalid_parameter, before any signature check (D2)", async () => {
    await expectProblem(await call(`${url.href}&title=Other`), 400, "invalid_parameter", "title");
    await expectProblem(await call(`${url.href}&title=Tamper%20proof`), 400, "invalid_parameter", "title");
    await expectProblem(await call(`${url.href}&signature=${"0".repeat(64)}`), 400, "invalid_parameter", "signature");
  });

  it("the same query on the other endpoint: 403 invalid_signature (the path is signed)", async () => {
    const q = new URLSearchParams({ url: "https://example.com", key_id: owner.publicId });
    q.set("signature", signatureFor(owner.signingSecret, "/v1/og", q));
    await expectProblem(await call(`${BASE}/v1/screenshot?${q}`, {}, screenshot), 403, "invalid_signature");
  });

  it("the key id of another account: 403 invalid_signature", async () => {
    // Signed with the stranger's secret but naming the owner's key, and the other way round.
    const forged = new URLSearchParams({ template: "default", title: "Mine now", key_id: owner.publicId });
    forged.set("signature", signatureFor(stranger.signingSecret, "/v1/og", forged));
    await expectProblem(await call(withQuery(forged.toString())), 403, "invalid_signature");
    const swapped = edit((q) => q.set("key_id", stranger.publicId));
    await expectProblem(await call(swapped), 403, "invalid_signature");
  });

  it("an unknown key id: 401 with the spec's text", async () => {
    const body = await expectProblem(
      await call(edit((q) => q.set("key_id", "pk_live_" + "x".repeat(24)))),
      401,
      "invalid_api_key",
    );
    expect(body.detail).toBe("Invalid or revoked API key.");
  });

  it("expired: 403 signature_expired; an expired URL with a bad signature is just invalid", async () => {
    const expired = signed(params, owner, { expires: now() - 5 });
    await expectProblem(await call(expired), 403, "signature_expired", "expires");
    await expectProblem(await call(expired.replace("Tamper", "Tamp3r")), 403, "invalid_signature");
  });

  it("expires beyond the documented maximum (366 days): 400 parameter_out_of_range", async () => {
    const { MAX_EXPIRY_SECONDS } = await import("@/lib/signing/names");
    expect((await call(signed(params, owner, { expires: now() + MAX_EXPIRY_SECONDS - 60 }))).status).toBe(200);
    await expectProblem(
      await call(signed(params, owner, { expires: now() + MAX_EXPIRY_SECONDS + 60 })),
      400,
      "parameter_out_of_range",
      "expires",
    );
  });

  it("a missing part: 400 missing_parameter; a malformed part: 400 invalid_parameter", async () => {
    await expectProblem(await call(edit((q) => q.delete("signature"))), 400, "missing_parameter", "signature");
    await expectProblem(await call(edit((q) => q.delete("key_id"))), 400, "missing_parameter", "key_id");
    await expectProblem(await call(edit((q) => q.set("signature", "zz"))), 400, "invalid_parameter", "signature");
    await expectProblem(await call(edit((q) => q.set("key_id", owner.apiKey))), 400, "invalid_parameter", "key_id");
    await expectProblem(await call(edit((q) => q.set("expires", "tomorrow"))), 400, "invalid_parameter", "expires");
  });

  it("an API key next to a signature: 400 (a signed URL carries no key)", async () => {
    await expectProblem(await call(`${url.href}&api_key=${owner.apiKey}`), 400, "invalid_parameter", "api_key");
    await expectProblem(await call(url.href, { headers: { "X-API-Key": owner.apiKey } }), 400, "invalid_parameter");
  });
});

describe("refused signatures and the client address's window (D4, D15)", () => {
  it("an invalid or expired signature counts against the failed-authentication window of its address; past it, 429", async () => {
    const { awayFromWindowEdge } = await import("@/tests/support/rate-window");
    const { ANONYMOUS_LIMITS } = await import("@/lib/plans");
    const { checkAnonymousLimit } = await import("@/lib/api/rate-limit");
    const limit = ANONYMOUS_LIMITS.failedAuth;
    const from = (address: string, url: string) => call(url, { headers: { "X-Forwarded-For": address } });
    const good = new URL(signed({ template: "default", title: "Window" }));
    const forged = `${good.origin}${good.pathname}${good.search.replace(/signature=[0-9a-f]+/, `signature=${"ab".repeat(32)}`)}`;
    await awayFromWindowEdge();

    const first = await from("127.0.0.61", forged);
    expect([first.status, first.headers.get("ratelimit-limit"), first.headers.get("ratelimit-remaining")]).toEqual([
      403,
      String(limit),
      String(limit - 1),
    ]);
    const expired = await from(
      "127.0.0.61",
      signed({ template: "default", title: "Window" }, owner, { expires: now() - 5 }),
    );
    expect([expired.status, expired.headers.get("ratelimit-remaining")]).toEqual([403, String(limit - 2)]);
    // A malformed one (400, no key looked up) is not counted.
    const malformed = await from("127.0.0.61", forged.replace(/signature=[0-9a-f]+/, "signature=zz"));
    expect([malformed.status, malformed.headers.get("ratelimit-remaining")]).toEqual([400, String(limit - 2)]);

    const sameAddress = new Request(`${BASE}/v1/og`, { headers: { "X-Forwarded-For": "127.0.0.61" } });
    for (let i = 2; i < limit; i++) await checkAnonymousLimit(sameAddress, "failedAuth");
    await expectProblem(await from("127.0.0.61", forged), 429, "rate_limited");
    // A valid signed URL from that address is the account's request, counted in the account's window (not exhausted).
    const ok = await from("127.0.0.61", good.href);
    expect(ok.status).toBe(200);
    expect(Number(ok.headers.get("ratelimit-remaining"))).toBeGreaterThan(0);
  });
});

describe("conditional GET and HEAD", () => {
  it("If-None-Match with the ETag: 304, no body, no render and no quota", async () => {
    const url = signed({ template: "stats-card", title: "Conditional", stat1_number: "42", stat1_label: "Answers" });
    const first = await call(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    const rendersBefore = await rendersOf(owner);

    const revalidated = await call(url, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("x-cache")).toBe("HIT");
    expect(revalidated.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    expect(await rendersOf(owner)).toBe(rendersBefore);

    // A different validator gets the image.
    const changed = await call(url, { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("HEAD: the same status and headers as GET, no body", async () => {
    const url = signed({ template: "default", title: "Head check" });
    const get = await call(url);
    const getBytes = (await get.arrayBuffer()).byteLength;
    const head = await call(url, { method: "HEAD" }, ogHead);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["content-type", "content-length", "etag", "x-image-size", "cross-origin-resource-policy"]) {
      expect([name, head.headers.get(name)]).toEqual([name, get.headers.get(name)]);
    }
    expect(Number(head.headers.get("content-length"))).toBe(getBytes);
    expect(head.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    // An error is a HEAD too: status and problem headers, no body.
    const refused = await call(url.replace("Head", "Hxad"), { method: "HEAD" }, ogHead);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.text()).toBe("");
  });
});

describe("revocation and rolled secrets", () => {
  it("revoking the key: its signed URLs answer 401 with the spec's text on the next request", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const url = signed({ template: "default", title: "Soon revoked" }, account);
    expect((await call(url)).status).toBe(200);
    const { revokeApiKey } = await import("@/lib/keys/service");
    expect(await revokeApiKey(account.userId, account.apiKeyId)).toBe(true);
    const body = await expectProblem(await call(url), 401, "invalid_api_key");
    expect(body.detail).toBe("Invalid or revoked API key.");
  });

  it("rolling the signing secret: old URLs 403, URLs signed with the new secret work", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const params = { template: "default", title: "Rolled" };
    const old = signed(params, account);
    expect((await call(old)).status).toBe(200);
    const { rollSigningSecret } = await import("@/lib/keys/service");
    const fresh = await rollSigningSecret(account.userId, account.apiKeyId);
    expect(fresh).toMatch(/^ss_live_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(account.signingSecret);
    await expectProblem(await call(old), 403, "invalid_signature");
    expect((await call(signed(params, { ...account, signingSecret: fresh! }))).status).toBe(200);
    // Someone else cannot roll it.
    expect(await rollSigningSecret(stranger.userId, account.apiKeyId)).toBeNull();
  });

  it("a key made before signed URLs (no signing secret) is refused with a hint, until one is rolled", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const { getPool } = await import("@/lib/db/pool");
    await (await getPool()).query("UPDATE api_keys SET signing_nonce = NULL WHERE id = $1", [account.apiKeyId]);
    const body = await expectProblem(
      await call(signed({ template: "default", title: "Legacy" }, account)),
      403,
      "invalid_signature",
    );
    expect(body.detail).toMatch(/roll one/);
  });

  it("stores nothing a database dump could sign with: no secret, only the public id and a nonce", async () => {
    const { getPool } = await import("@/lib/db/pool");
    const { rows } = await (await getPool()).query("SELECT * FROM api_keys WHERE id = $1", [owner.apiKeyId]);
    const dump = JSON.stringify(rows);
    expect(dump).toContain(owner.publicId);
    expect(dump).not.toContain(owner.signingSecret);
    expect(dump).not.toContain(owner.signingSecret.slice("ss_live_".length, 20));
    expect(dump).not.toContain(owner.apiKey);
    // The nonce alone, with the public id, under any server secret but the real one, signs nothing valid.
    const { createHmac } = await import("node:crypto");
    const guess =
      "ss_live_" +
      createHmac("sha256", "")
        .update(`glance-signing-v1\n${owner.publicId}\n${rows[0].signing_nonce}`)
        .digest("base64url");
    expect(guess).not.toBe(owner.signingSecret);
  });
});
