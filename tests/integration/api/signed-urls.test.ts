/**
 * Signed URLs (issue 14, D15) through the real /v1/og pipeline, Postgres and result store: public
 * caching, the plan gates and quota of a key, 304 without a render or quota, HEAD. Tampering is in
 * signed-url-tampering.test.ts, revocation and rolled secrets in signed-url-secrets.test.ts.
 */
import { describe, expect, it } from "vitest";
import { apiRequest, createTestAccount } from "@/tests/support/api";
import { expectProblem, now, rendersOf, signedOgHarness } from "./support/signed-og";

const h = signedOgHarness();
const { signed, call } = h;

describe("a signed OG URL", () => {
  it("renders, with public caching up to the plan's TTL, immutable, a strong ETag, and no secret in the URL", async () => {
    const url = signed({ template: "default", title: "Signed hello" });
    expect(url).not.toContain(h.owner.apiKey);
    expect(url).not.toContain(h.owner.signingSecret);
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
    const res = await call(signed(params, h.owner, { expires: now() + 600 }));
    expect(res.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")![1]);
    expect(maxAge).toBeGreaterThan(500);
    expect(maxAge).toBeLessThanOrEqual(600);

    const byKey = await h.og(
      apiRequest(`/v1/og?${new URLSearchParams(params)}`, { apiKey: h.owner.apiKey, keyIn: "query" }),
    );
    expect(byKey.status).toBe(200);
    expect(byKey.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(byKey.headers.get("x-quota-remaining")).not.toBeNull();
  });

  it("is not immutable for an account template, whose saved edits change the image behind the same URL", async () => {
    const { saveTemplate } = await import("@/lib/studio/templates");
    const source = (bg: string) =>
      `<variables>\n  <text name="headline" required />\n</variables>\n<div style="background-color: ${bg}; width: 100%; height: 100%">\n  <p style="font-size: 64px">{{headline}}</p>\n</div>`;
    await saveTemplate(h.owner.userId, { name: "signed-card", source: source("#ffffff") });
    const url = signed({ template: "signed-card", headline: "Mine" });
    const first = await call(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    await saveTemplate(h.owner.userId, { name: "signed-card", source: source("#000000") });
    const edited = await call(url);
    expect(edited.status).toBe(200);
    expect(edited.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("is not immutable when a variable is a remote image, whose bytes can change behind its URL", async () => {
    const res = await call(
      signed({ template: "blog-post", title: "Avatar", author: "Ada", avatar: `${h.images.origin}/red.png` }),
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

describe("conditional GET and HEAD", () => {
  it("If-None-Match with the ETag: 304, no body, no render and no quota", async () => {
    const url = signed({ template: "stats-card", title: "Conditional", stat1_number: "42", stat1_label: "Answers" });
    const first = await call(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    const rendersBefore = await rendersOf(h.owner);

    const revalidated = await call(url, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("x-cache")).toBe("HIT");
    expect(revalidated.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    expect(await rendersOf(h.owner)).toBe(rendersBefore);

    // A different validator gets the image.
    const changed = await call(url, { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("HEAD: the same status and headers as GET, no body", async () => {
    const url = signed({ template: "default", title: "Head check" });
    const get = await call(url);
    const getBytes = (await get.arrayBuffer()).byteLength;
    const head = await call(url, { method: "HEAD" }, h.ogHead);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["content-type", "content-length", "etag", "x-image-size", "cross-origin-resource-policy"]) {
      expect([name, head.headers.get(name)]).toEqual([name, get.headers.get(name)]);
    }
    expect(Number(head.headers.get("content-length"))).toBe(getBytes);
    expect(head.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    // An error is a HEAD too: status and problem headers, no body.
    const refused = await call(url.replace("Head", "Hxad"), { method: "HEAD" }, h.ogHead);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.text()).toBe("");
  });
});
