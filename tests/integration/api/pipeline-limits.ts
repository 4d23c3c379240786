/**
 * The request pipeline's contract, part of definePipelineSuite (pipeline-suite.ts): rate limits
 * per account and per client address (D4), unexpected failures, and the monthly quota.
 */
import { expect, it } from "vitest";
import { jsonOutcome } from "@/lib/api/outcome";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { awayFromWindowEdge } from "@/tests/support/rate-window";
import { PIPELINE_TARGET as target, type PipelineRoutes } from "./support/pipeline-routes";

export function pipelineLimitCases(routes: PipelineRoutes) {
  const route = (request: Request) => routes.route(request);

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
    const lookupDown = apiRoute(screenshotEndpoint, async () => jsonOutcome({}), {
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
}
