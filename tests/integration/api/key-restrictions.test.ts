/**
 * Per-key restrictions (issue 14 point 4, D15) through the real pipeline and Postgres: allowed
 * endpoints and a monthly render cap, for key-authenticated and signed requests alike; and the
 * dashboard's service side (setting them, the URL builder's signing) for the owner only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

type Route = (request: Request) => Promise<Response>;

let og: Route;
let screenshot: Route;
let owner: TestAccount;
let other: TestAccount;

testEnvironment({ extra: { URL_SIGNING_SECRET: "restrictions-url-signing-secret-0123456789" } });

beforeAll(async () => {
  og = (await import("@/app/v1/og/route")).GET;
  screenshot = (await import("@/app/v1/screenshot/route")).GET;
  owner = await createTestAccount({ plan: "pro" });
  other = await createTestAccount({ plan: "pro" });
});

async function keyRenders(account: TestAccount): Promise<number> {
  const { keyRendersThisMonth } = await import("@/lib/keys/render-cap");
  return keyRendersThisMonth(account.apiKeyId);
}

describe("allowed endpoints", () => {
  it("an OG-only key is refused /v1/screenshot with 403 endpoint_not_allowed, after the 400s", async () => {
    const { setKeyLimits } = await import("@/lib/keys/signed-urls");
    expect(await setKeyLimits(owner.userId, owner.apiKeyId, { allowedEndpoints: ["og"], monthlyRenderCap: null })).toBe(
      true,
    );

    const refused = await screenshot(apiRequest("/v1/screenshot?url=https://example.com", { apiKey: owner.apiKey }));
    const body = await problemOf(refused);
    expect([refused.status, body.code]).toEqual([403, "endpoint_not_allowed"]);
    // A bad request is still a 400 first (D2).
    const bad = await screenshot(
      apiRequest("/v1/screenshot?url=https://example.com&width=0", { apiKey: owner.apiKey }),
    );
    expect(bad.status).toBe(400);
    // OG works.
    expect((await og(apiRequest("/v1/og?template=default&title=Allowed", { apiKey: owner.apiKey }))).status).toBe(200);

    // Two of the render endpoints is still a restriction; every one of them (the registry's list,
    // whatever it holds today) is "no restriction".
    const { findKeyOwner } = await import("@/lib/keys/service");
    const { RENDER_ENDPOINTS } = await import("@/lib/endpoints");
    expect(RENDER_ENDPOINTS.length).toBeGreaterThan(2);
    const limitsOf = async (allowedEndpoints: readonly (typeof RENDER_ENDPOINTS)[number][]) => {
      expect(await setKeyLimits(owner.userId, owner.apiKeyId, { allowedEndpoints, monthlyRenderCap: null })).toBe(true);
      return (await findKeyOwner(owner.apiKey))?.limits.allowedEndpoints;
    };
    expect(await limitsOf(["og", "screenshot"])).toEqual(["og", "screenshot"]);
    expect(await limitsOf([...RENDER_ENDPOINTS].reverse())).toBeNull();
  });

  it("applies to signed URLs of the key too", async () => {
    const { setKeyLimits } = await import("@/lib/keys/signed-urls");
    await setKeyLimits(owner.userId, owner.apiKeyId, { allowedEndpoints: ["og"], monthlyRenderCap: null });
    const { signUrl } = await import("@/lib/signing/canonical");
    const url = signUrl(
      "http://localhost:3000",
      "/v1/screenshot",
      { url: "https://example.com" },
      { keyId: owner.publicId, signingSecret: owner.signingSecret },
    );
    const res = await screenshot(new Request(url));
    expect([res.status, (await problemOf(res)).code]).toEqual([403, "endpoint_not_allowed"]);
    await setKeyLimits(owner.userId, owner.apiKeyId, { allowedEndpoints: [], monthlyRenderCap: null });
  });

  it("nobody but the owner can set them, and not on a revoked key", async () => {
    const { setKeyLimits } = await import("@/lib/keys/signed-urls");
    expect(await setKeyLimits(other.userId, owner.apiKeyId, { allowedEndpoints: ["og"], monthlyRenderCap: 1 })).toBe(
      false,
    );
    const { findKeyOwner } = await import("@/lib/keys/service");
    expect((await findKeyOwner(owner.apiKey))?.limits).toEqual({ allowedEndpoints: null, monthlyRenderCap: null });
    await expect(
      setKeyLimits(owner.userId, owner.apiKeyId, { allowedEndpoints: [], monthlyRenderCap: -1 }),
    ).rejects.toThrow();
  });
});

describe("monthly render cap", () => {
  it("counts renders per key; past the cap a render is 429 key_render_cap_reached, hits still served, nothing counted", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const { setKeyLimits } = await import("@/lib/keys/signed-urls");
    await setKeyLimits(account.userId, account.apiKeyId, { allowedEndpoints: [], monthlyRenderCap: 2 });
    const get = (title: string) =>
      og(apiRequest(`/v1/og?template=default&title=${encodeURIComponent(title)}`, { apiKey: account.apiKey }));

    expect((await get("one")).status).toBe(200);
    expect((await get("two")).status).toBe(200);
    expect(await keyRenders(account)).toBe(2);
    const capped = await get("three");
    const body = await problemOf(capped);
    expect([capped.status, body.code]).toEqual([429, "key_render_cap_reached"]);
    expect(await keyRenders(account)).toBe(2);
    // The account's own quota was not spent by the refused render.
    const { getPool } = await import("@/lib/db/pool");
    const { rows } = await (
      await getPool()
    ).query<{ n: number }>("SELECT COALESCE(SUM(renders), 0)::int AS n FROM monthly_usage WHERE user_id = $1", [
      account.userId,
    ]);
    expect(rows[0].n).toBe(2);

    const hit = await get("one");
    expect([hit.status, hit.headers.get("x-cache")]).toEqual([200, "HIT"]);

    // Another key of the same account is not held by this key's cap.
    const { createApiKey } = await import("@/lib/keys/service");
    const second = await createApiKey(account.userId, "second");
    expect((await og(apiRequest("/v1/og?template=default&title=three", { apiKey: second.key }))).status).toBe(200);

    // A cap of 0 stops every render.
    await setKeyLimits(account.userId, account.apiKeyId, { allowedEndpoints: [], monthlyRenderCap: 0 });
    expect((await get("four")).status).toBe(429);
  });
});

describe("the dashboard's URL builder (service side)", () => {
  it("signs with the key's own secret, for the owner's active key only", async () => {
    const { signedUrlForKey } = await import("@/lib/keys/signed-urls");
    const built = await signedUrlForKey(owner.userId, owner.apiKeyId, "/v1/og", {
      template: "default",
      title: "Built",
    });
    expect("url" in built).toBe(true);
    const url = (built as { url: string }).url;
    expect(url).toContain(`key_id=${owner.publicId}`);
    expect(url).not.toContain(owner.signingSecret);
    const res = await og(new Request(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, /);

    expect(
      await signedUrlForKey(other.userId, owner.apiKeyId, "/v1/og", { template: "default", title: "Built" }),
    ).toEqual({ error: "no_key" });
  });
});
