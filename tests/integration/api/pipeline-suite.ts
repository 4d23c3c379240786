/**
 * The request pipeline's contract (ARCHITECTURE.md#the-product-contract, D1–D5), run against each
 * configuration by the *.test.ts files beside this one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestEnvOptions } from "@/tests/support/env";
import { testEnvironment } from "@/tests/support/test-env";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { awayFromWindowEdge } from "@/tests/support/rate-window";

export function definePipelineSuite(
  label: string,
  options: TestEnvOptions | (() => Promise<TestEnvOptions & { teardown?: () => Promise<void> }>),
) {
  describe(`request pipeline (${label})`, () => {
    let resolved: TestEnvOptions & { teardown?: () => Promise<void> };
    let route: (r: Request) => Promise<Response>;
    let ogRoute: (r: Request) => Promise<Response>;

    beforeAll(async () => {
      resolved = typeof options === "function" ? await options() : options;
    });
    // Registered before the environment, so the configuration's servers stop after its clean-up.
    afterAll(async () => resolved?.teardown?.());
    testEnvironment(() => resolved);

    beforeAll(async () => {
      const { apiRoute } = await import("@/lib/api/pipeline");
      const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
      const { ogEndpoint } = await import("@/lib/og/endpoint");
      // Echo handlers: these tests are about what happens before a handler runs.
      route = apiRoute(screenshotEndpoint, async (ctx) => Response.json({ params: ctx.params, caller: ctx.caller }));
      ogRoute = apiRoute(ogEndpoint, async (ctx) => Response.json({ params: ctx.params, extras: ctx.extras }));
    });

    const target = "/v1/screenshot?url=https%3A%2F%2Fexample.com%2F";

    it("answers each 401 with the spec's exact text as problem+json", async () => {
      const missing = await problemOf(await route(apiRequest(target)));
      expect(missing).toMatchObject({
        status: 401,
        code: "missing_api_key",
        detail: "Missing API key. Provide X-API-Key header or api_key query parameter.",
        title: "Unauthorized",
        type: "http://localhost:3000/docs/errors#missing_api_key",
      });
      const format = await problemOf(await route(apiRequest(target, { apiKey: "sk_live_short" })));
      expect(format).toMatchObject({ status: 401, code: "invalid_api_key_format", detail: "Invalid API key format." });
      const unknown = await problemOf(await route(apiRequest(target, { apiKey: "sk_live_" + "A".repeat(32) })));
      expect(unknown).toMatchObject({ status: 401, code: "invalid_api_key", detail: "Invalid or revoked API key." });
    });

    it("accepts the key from the header or the query, and the header wins", async () => {
      const a = await createTestAccount({ plan: "pro" });
      const b = await createTestAccount({ plan: "pro" });
      const viaQuery = await route(apiRequest(target, { apiKey: a.apiKey, keyIn: "query" }));
      expect(viaQuery.status).toBe(200);
      expect(((await viaQuery.json()) as { caller: { userId: string } }).caller.userId).toBe(a.userId);

      const both = apiRequest(`${target}&api_key=${b.apiKey}`, { apiKey: a.apiKey });
      const res = await route(both);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { caller: { userId: string } }).caller.userId).toBe(a.userId);

      const badHeaderGoodQuery = await route(apiRequest(`${target}&api_key=${b.apiKey}`, { apiKey: "nope" }));
      expect((await problemOf(badHeaderGoodQuery)).code).toBe("invalid_api_key_format");
    });

    it("refuses a revoked key on the very next request", async () => {
      const a = await createTestAccount({ plan: "pro" });
      expect((await route(apiRequest(target, { apiKey: a.apiKey }))).status).toBe(200);
      const { revokeApiKey } = await import("@/lib/keys/service");
      expect(await revokeApiKey(a.userId, a.apiKeyId)).toBe(true);
      const after = await problemOf(await route(apiRequest(target, { apiKey: a.apiKey })));
      expect(after).toMatchObject({ status: 401, detail: "Invalid or revoked API key." });
      expect(await revokeApiKey(a.userId, a.apiKeyId)).toBe(false); // final: no second revoke
    });

    it("tells apart many keys looked up together, revoked and unknown ones included", async () => {
      // Lookups of one event-loop turn share one query (lib/keys/owner-lookup): each request must
      // still get its own key's owner and plan, and a revoked or unknown key its 401.
      const accounts = await Promise.all([
        createTestAccount({ plan: "pro" }),
        createTestAccount({ plan: "business" }),
        createTestAccount({ plan: "pro" }),
      ]);
      const [, , revoked] = accounts;
      const { revokeApiKey } = await import("@/lib/keys/service");
      expect(await revokeApiKey(revoked.userId, revoked.apiKeyId)).toBe(true);
      const unknown = `sk_live_${"Q".repeat(32)}`;
      const keys = Array.from({ length: 24 }, (_, i) => (i % 4 === 3 ? unknown : accounts[i % 4].apiKey));
      const answers = await Promise.all(keys.map((apiKey) => route(apiRequest(target, { apiKey }))));
      for (const [i, res] of answers.entries()) {
        if (i % 4 >= 2) {
          expect((await problemOf(res)).code).toBe("invalid_api_key");
          continue;
        }
        expect(res.status).toBe(200);
        const { caller } = (await res.json()) as { caller: { userId: string; plan: string } };
        expect(caller).toMatchObject({ userId: accounts[i % 4].userId, plan: i % 4 === 0 ? "pro" : "business" });
      }
    });

    it("records a key's lastUsedAt at most once a minute, whatever the server's time zone", async () => {
      const a = await createTestAccount({ plan: "pro" });
      const { getDb } = await import("@/lib/db");
      const db = await getDb();
      const lastUsed = async () => (await db.apiKey.findUniqueOrThrow({ where: { id: a.apiKeyId } })).lastUsedAt;
      const use = async () => expect((await route(apiRequest(target, { apiKey: a.apiKey }))).status).toBe(200);
      const zone = process.env.TZ;
      // The column is a timestamp without zone holding UTC; reading it as local time would put
      // the last use hours off and stop (or repeat) the once-a-minute write.
      process.env.TZ = "America/New_York";
      try {
        await use();
        await vi.waitFor(async () => expect(await lastUsed()).not.toBeNull());
        expect(Math.abs((await lastUsed())!.getTime() - Date.now())).toBeLessThan(10_000);

        const recent = new Date(Date.now() - 30_000);
        await db.apiKey.update({ where: { id: a.apiKeyId }, data: { lastUsedAt: recent } });
        await use();
        await new Promise((r) => setTimeout(r, 300));
        expect((await lastUsed())!.getTime()).toBe(recent.getTime());

        const stale = new Date(Date.now() - 120_000);
        await db.apiKey.update({ where: { id: a.apiKeyId }, data: { lastUsedAt: stale } });
        await use();
        await vi.waitFor(async () => expect(Date.now() - (await lastUsed())!.getTime()).toBeLessThan(10_000));
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    });

    it("stores only the SHA-256 of a key and a display form", async () => {
      const a = await createTestAccount();
      const { getDb } = await import("@/lib/db");
      const { createHash } = await import("node:crypto");
      const db = await getDb();
      const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(
        `SELECT * FROM api_keys WHERE user_id = $1`,
        a.userId,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].hash).toBe(createHash("sha256").update(a.apiKey).digest("hex"));
      expect(rows[0].display).toBe(`sk_live_${a.apiKey.slice(8, 12)}…${a.apiKey.slice(-4)}`);
      const everything = JSON.stringify(rows[0]);
      expect(everything).not.toContain(a.apiKey.slice(8));
    });

    it("holds the plan's key limit under concurrent creation", async () => {
      const a = await createTestAccount({ plan: "free" }); // 1 of 2 used
      const { createApiKey, KeyLimitError, listApiKeys } = await import("@/lib/keys/service");
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => createApiKey(a.userId, `k${i}`)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(KeyLimitError);
      expect((await listApiKeys(a.userId)).filter((k) => !k.revokedAt)).toHaveLength(2);
    });

    it("caps key creations per hour, revoked keys included, so create-revoke loops cannot grow the table", async () => {
      const a = await createTestAccount({ plan: "free" }); // its first key is creation 1
      const { createApiKey, KeyChurnError, revokeApiKey } = await import("@/lib/keys/service");
      const { keyCreationsPerHour } = await import("@/lib/plans");
      const perHour = keyCreationsPerHour("free");
      expect(perHour).toBe(20);
      for (let i = 1; i < perHour; i++) {
        const { apiKey } = await createApiKey(a.userId, `churn ${i}`);
        expect(await revokeApiKey(a.userId, apiKey.id)).toBe(true);
      }
      // One active key of the Free plan's two: only the hourly cap refuses this one.
      const refused = await createApiKey(a.userId, "one too many").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(KeyChurnError);
      expect((refused as Error).message).toBe(
        "At most 20 API keys can be created per hour, revoked ones included. Try again later.",
      );
      // Creations older than an hour no longer count.
      const { getDb } = await import("@/lib/db");
      const db = await getDb();
      await db.apiKey.updateMany({
        where: { userId: a.userId, revokedAt: { not: null } },
        data: { createdAt: new Date(Date.now() - 2 * 3_600_000) },
      });
      expect((await createApiKey(a.userId, "next hour")).key).toMatch(/^sk_live_/);
      // Plans with more keys than that may fill their allowance at once.
      expect(keyCreationsPerHour("business")).toBe(100);
    });

    it.each([
      ["unknown parameter", "&fullpage=true", 400, "unknown_parameter", "fullpage"],
      ["duplicated parameter", "&width=100&width=200", 400, "invalid_parameter", "width"],
      ["malformed integer", "&width=12px", 400, "invalid_parameter", "width"],
      ["signed integer", "&delay=-1", 400, "invalid_parameter", "delay"],
      ["out of range", "&width=3841", 400, "parameter_out_of_range", "width"],
      ["float out of range", "&deviceScale=3.5", 400, "parameter_out_of_range", "deviceScale"],
      ["bad boolean", "&fullPage=yes", 400, "invalid_parameter", "fullPage"],
      ["bad enum", "&format=gif", 400, "invalid_parameter", "format"],
      ["bad clip", "&clip=1,2,3", 400, "invalid_parameter", "clip"],
      ["non-http url", "", 400, "unsupported_url", "url", "/v1/screenshot?url=ftp%3A%2F%2Fexample.com"],
      ["missing url", "", 400, "missing_parameter", "url", "/v1/screenshot"],
      ["gated for free", "&darkMode=true", 403, "plan_upgrade_required", "darkMode"],
      ["gated pdf option", "&format=pdf&landscape=1", 403, "plan_upgrade_required", "landscape"],
      ["pro-only device", "&device=iphone-15", 403, "plan_upgrade_required", "device"],
    ])("%s → %i %s", async (_label, suffix, status, code, param, base = target) => {
      const a = await createTestAccount({ plan: "free" });
      const res = await route(apiRequest(base + suffix, { apiKey: a.apiKey }));
      const body = await problemOf(res);
      expect(body).toMatchObject({ status, code, param });
      expect(res.status).toBe(status);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    });

    it("treats a gated parameter at its default as harmless, and names the plan needed", async () => {
      const free = await createTestAccount({ plan: "free" });
      expect((await route(apiRequest(`${target}&darkMode=false`, { apiKey: free.apiKey }))).status).toBe(200);
      const body = await problemOf(await route(apiRequest(`${target}&blockAds=true`, { apiKey: free.apiKey })));
      expect(body.detail).toBe("blockAds requires the Starter plan or higher.");
      // The refusal says where to go next (issue 20): the pricing page of this deployment.
      expect((body as { upgradeUrl?: string }).upgradeUrl).toMatch(/^https?:\/\/[^/]+\/pricing$/);
      const starter = await createTestAccount({ plan: "starter" });
      expect((await route(apiRequest(`${target}&blockAds=true`, { apiKey: starter.apiKey }))).status).toBe(200);
    });

    it("checks that span parameters are 400s before gates and the rate limit (D2)", async () => {
      const free = await createTestAccount({ plan: "free" }); // 10 per minute; darkMode needs Starter
      for (const [query, detail] of [
        ["&clip=0,0,0,100", /at least 1/],
        ["&format=webp&clip=0,0,16000,10&deviceScale=2", /webp images are at most/],
      ] as const) {
        const res = await route(apiRequest(`${target}&darkMode=true${query}`, { apiKey: free.apiKey }));
        expect(await problemOf(res)).toMatchObject({
          status: 400,
          code: "parameter_out_of_range",
          param: "clip",
          detail: expect.stringMatching(detail),
        });
        expect(res.headers.get("ratelimit-remaining")).toBe("10"); // not counted
      }
    });

    it("hands the handler what validate computed, computed once: the capture plan, the OG template and variables", async () => {
      const { apiRoute } = await import("@/lib/api/pipeline");
      const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
      const { ogEndpoint } = await import("@/lib/og/endpoint");
      let validations = 0;
      const counted = {
        ...screenshotEndpoint,
        validate: (...args: Parameters<typeof screenshotEndpoint.validate>) => (
          validations++,
          screenshotEndpoint.validate(...args)
        ),
      };
      const planRoute = apiRoute(counted, async (ctx) => Response.json(ctx.validated));
      const pro = await createTestAccount({ plan: "pro" });

      const plan = await (
        await planRoute(apiRequest(`${target}&device=iphone-15&width=500&format=jpeg`, { apiKey: pro.apiKey }))
      ).json();
      expect(validations).toBe(1);
      // D8: the preset's height and scale, the explicit width; the schema's default quality for jpg.
      expect(plan).toMatchObject({
        url: "https://example.com/",
        format: "jpg",
        quality: 80,
        viewport: { width: 500, height: 852, deviceScaleFactor: 3, isMobile: true },
      });

      const ogValidated = apiRoute(ogEndpoint, async (ctx) => Response.json(ctx.validated));
      const og = await (
        await ogValidated(apiRequest("/v1/og?template=blog-post&title=Hi&accent=f00", { apiKey: pro.apiKey }))
      ).json();
      expect(og).toMatchObject({
        template: { name: "blog-post" },
        variables: { text: { title: "Hi" } },
        canonical: { title: "Hi" },
      });
      expect(og.variables.colors.accent).toBeDefined();
    });

    it("validates before gating: a bad request is 400 even on a plan without OG (D2)", async () => {
      const free = await createTestAccount({ plan: "free" });
      const missing = await problemOf(await ogRoute(apiRequest("/v1/og?format=png", { apiKey: free.apiKey })));
      expect(missing).toMatchObject({ status: 400, code: "missing_parameter", param: "template" });
      const gated = await problemOf(
        await ogRoute(apiRequest("/v1/og?template=default&title=x", { apiKey: free.apiKey })),
      );
      expect(gated).toMatchObject({ status: 403, code: "plan_upgrade_required" });
      expect(gated.detail).toMatch(/Pro plan or higher/);
    });

    it("limits requests per minute per account with RateLimit headers and Retry-After", async () => {
      const a = await createTestAccount({ plan: "free" }); // 10 per minute
      const { createApiKey } = await import("@/lib/keys/service");
      const second = await createApiKey(a.userId, "second");
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 11; i++) {
        // Alternate keys: the limit is the account's, not the key's.
        last = await route(apiRequest(target, { apiKey: i % 2 ? second.key : a.apiKey }));
        statuses.push(last.status);
        if (i === 0) {
          expect(last.headers.get("ratelimit-limit")).toBe("10");
          expect(last.headers.get("ratelimit-remaining")).toBe("9");
        }
      }
      // A window boundary may fall inside the loop; then the count restarts and fewer are refused.
      if (statuses.includes(429)) {
        const body = await problemOf(last!);
        expect(body).toMatchObject({ status: 429, code: "rate_limited" });
        expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(last!.headers.get("ratelimit-remaining")).toBe("0");
      } else {
        expect(statuses.every((s) => s === 200)).toBe(true);
      }
      expect(statuses.slice(0, 10).filter((s) => s === 429)).toHaveLength(0);
    });

    it("sends the account's RateLimit headers with a 400 or 403 too, without counting them (D4)", async () => {
      const a = await createTestAccount({ plan: "free" }); // 10 per minute
      const invalid = await route(apiRequest(`${target}&width=9999`, { apiKey: a.apiKey }));
      const gated = await route(apiRequest(`${target}&darkMode=true`, { apiKey: a.apiKey }));
      expect([invalid.status, gated.status]).toEqual([400, 403]);
      for (const res of [invalid, gated]) {
        expect(res.headers.get("ratelimit-limit")).toBe("10");
        expect(res.headers.get("ratelimit-remaining")).toBe("10");
        expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      }
      const ok = await route(apiRequest(target, { apiKey: a.apiKey }));
      expect(ok.headers.get("ratelimit-remaining")).toBe("9");
    });

    it("counts a 401 against its client address's window, with RateLimit headers, and answers 429 past it (D4)", async () => {
      const { ANONYMOUS_LIMITS } = await import("@/lib/plans");
      const limit = ANONYMOUS_LIMITS.failedAuth;
      // The address is the last X-Forwarded-For entry (what the nearest hop saw).
      const from = (address: string, apiKey: string) =>
        route(apiRequest(target, { apiKey, headers: { "X-Forwarded-For": `127.0.0.99, ${address}` } }));
      await awayFromWindowEdge();
      const first = await from("127.0.0.41", `sk_live_${"W".repeat(32)}`); // unknown: a key lookup
      expect(first.status).toBe(401);
      expect(first.headers.get("ratelimit-limit")).toBe(String(limit));
      expect(first.headers.get("ratelimit-remaining")).toBe(String(limit - 1));
      expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      // Fill the window through the limiter itself, then the last allowed 401 through the route.
      const { checkAnonymousLimit } = await import("@/lib/api/rate-limit");
      const sameAddress = new Request("http://localhost:3000/v1/screenshot", {
        headers: { "X-Forwarded-For": "127.0.0.41" },
      });
      for (let i = 1; i < limit - 1; i++) await checkAnonymousLimit(sameAddress, "failedAuth");
      const last = await from("127.0.0.41", "sk_live_short");
      expect([last.status, last.headers.get("ratelimit-remaining")]).toEqual([401, "0"]);
      const over = await from("127.0.0.41", "sk_live_short");
      expect(await problemOf(over)).toMatchObject({ status: 429, code: "rate_limited" });
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(over.headers.get("ratelimit-remaining")).toBe("0");
      // Another address has its own window, and an account's requests never use this one.
      const other = await from("127.0.0.42", "sk_live_short");
      expect([other.status, other.headers.get("ratelimit-remaining")]).toEqual([401, String(limit - 1)]);
      const a = await createTestAccount({ plan: "free" });
      const ok = await from("127.0.0.41", a.apiKey);
      expect([ok.status, ok.headers.get("ratelimit-limit")]).toEqual([200, "10"]);
    });

    it("a failure before the key is checked carries the client address's RateLimit headers without counting (D4)", async () => {
      const { apiRoute } = await import("@/lib/api/pipeline");
      const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
      const lookupDown = apiRoute(screenshotEndpoint, async () => Response.json({}), {
        authenticate: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        },
      });
      const { ANONYMOUS_LIMITS } = await import("@/lib/plans");
      const request = () =>
        apiRequest(target, { apiKey: `sk_live_${"D".repeat(32)}`, headers: { "X-Forwarded-For": "127.0.0.71" } });
      for (let i = 0; i < 2; i++) {
        const res = await lookupDown(request());
        expect(res.status).toBe(500);
        expect(res.headers.get("ratelimit-limit")).toBe(String(ANONYMOUS_LIMITS.failedAuth));
        expect(res.headers.get("ratelimit-remaining")).toBe(String(ANONYMOUS_LIMITS.failedAuth)); // not counted
        expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      }
    });

    it("never leaks internals: an unexpected failure is a bare 500 problem", async () => {
      const { apiRoute } = await import("@/lib/api/pipeline");
      const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
      const broken = apiRoute(screenshotEndpoint, async () => {
        throw new Error("database password is hunter2 at /srv/app/lib/x.ts:12");
      });
      const a = await createTestAccount();
      const res = await broken(apiRequest(target, { apiKey: a.apiKey }));
      const text = await res.clone().text();
      expect(res.status).toBe(500);
      expect(text).not.toContain("hunter2");
      expect(text).not.toContain("x.ts");
      expect((await problemOf(res)).code).toBe("internal_error");
    });

    it("counts renders against the monthly quota atomically", async () => {
      const a = await createTestAccount({ plan: "free" }); // 100 renders
      const { consumeRender } = await import("@/lib/usage/quota");
      const caller = { userId: a.userId, plan: "free" as const, apiKeyId: a.apiKeyId };
      const results = await Promise.allSettled(Array.from({ length: 120 }, () => consumeRender(caller)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "quota_exceeded", status: 429 });
    });
  });
}
