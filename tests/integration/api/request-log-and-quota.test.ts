/**
 * D18, usage a customer can act on: the request log (a failed request with its code, filters,
 * pages, retention), GET /v1/usage against the real counters, and X-Quota-* on keyed answers.
 * Real pipeline and Postgres; the render is a handler standing in for Chromium where one is needed.
 */
import { describe, expect, it } from "vitest";
import { jsonOutcome } from "@/lib/api/outcome";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { awayFromWindowEdge } from "@/tests/support/rate-window";

testEnvironment();

async function settle() {
  const { settleBackgroundWork } = await import("@/lib/api/request");
  const { flushUsage } = await import("@/lib/usage/record");
  await settleBackgroundWork();
  await flushUsage();
}

/** The real pipeline with the screenshot schema; the "render" counts against the quota like the real one. */
async function renderingRoute() {
  const { apiRoute } = await import("@/lib/api/pipeline");
  const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
  return apiRoute(screenshotEndpoint, async (ctx) => {
    await ctx.consumeRender();
    ctx.usage.cache = "MISS";
    ctx.usage.renderMs = 7;
    return jsonOutcome({ rendered: true });
  });
}

describe("request log", () => {
  it("shows a failed request with its code next to a rendered one, with key name, host and request id", async () => {
    const { GET: screenshot } = await import("@/app/v1/screenshot/route");
    const { listRequestLog } = await import("@/lib/usage/request-log");
    const account = await createTestAccount({ plan: "starter" });
    const route = await renderingRoute();
    const ok = await route(apiRequest("/v1/screenshot?url=https://example.com/a", { apiKey: account.apiKey }));
    const bad = await screenshot(
      apiRequest("/v1/screenshot?url=https://example.com/b&width=99999", { apiKey: account.apiKey }),
    );
    expect(ok.status).toBe(200);
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).code).toBe("parameter_out_of_range");
    await settle();

    const { entries, nextCursor } = await listRequestLog(account.userId);
    expect(nextCursor).toBeNull();
    expect(
      entries.map((e) => [e.endpoint, e.status, e.errorCode, e.cache, e.renderMs, e.keyName, e.requestId]),
    ).toEqual([
      ["screenshot", 400, "parameter_out_of_range", null, null, "test key", bad.headers.get("x-request-id")],
      ["screenshot", 200, null, "MISS", 7, "test key", ok.headers.get("x-request-id")],
    ]);
    expect(entries[1].targetHost).toBe("example.com");
    expect(Math.abs(entries[0].at.getTime() - Date.now())).toBeLessThan(60_000);

    const errorsOnly = await listRequestLog(account.userId, { status: "4xx" });
    expect(errorsOnly.entries.map((e) => e.status)).toEqual([400]);
    expect((await listRequestLog(account.userId, { status: "200" })).entries.map((e) => e.status)).toEqual([200]);
    expect((await listRequestLog(account.userId, { endpoint: "og" })).entries).toEqual([]);
  });

  it("flushUsage resolves only once a batch another flush took is written too (the timer's)", async () => {
    const { recordUsage, flushUsage } = await import("@/lib/usage/record");
    const { listRequestLog } = await import("@/lib/usage/request-log");
    const account = await createTestAccount({ plan: "pro" });
    recordUsage({ userId: account.userId, apiKeyId: account.apiKeyId, endpoint: "screenshot", status: 200 });
    // The batch timer's flush takes the batch and starts writing; a caller's flush right after
    // finds nothing pending, yet must not answer before that write is done.
    const timers = flushUsage();
    await flushUsage();
    expect((await listRequestLog(account.userId)).entries).toHaveLength(1);
    await timers;
  });

  it("filters by key, never shows another account's requests, and pages through older entries", async () => {
    const { recordUsage } = await import("@/lib/usage/record");
    const { createApiKey } = await import("@/lib/keys/service");
    const { listRequestLog, REQUEST_LOG_PAGE_SIZE } = await import("@/lib/usage/request-log");
    const account = await createTestAccount({ plan: "pro" });
    const other = await createTestAccount({ plan: "pro" });
    const second = await createApiKey(account.userId, "second key");
    const total = REQUEST_LOG_PAGE_SIZE + 7;
    for (let i = 0; i < total; i++) {
      recordUsage({
        userId: account.userId,
        apiKeyId: i % 2 ? second.apiKey.id : account.apiKeyId,
        endpoint: "screenshot",
        status: 200,
        requestId: `r-${i}`,
      });
    }
    recordUsage({
      userId: other.userId,
      apiKeyId: other.apiKeyId,
      endpoint: "screenshot",
      status: 500,
      requestId: "other",
    });
    await settle();

    const first = await listRequestLog(account.userId);
    expect(first.entries).toHaveLength(REQUEST_LOG_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const rest = await listRequestLog(account.userId, { before: first.nextCursor! });
    expect(rest.entries).toHaveLength(7);
    expect(rest.nextCursor).toBeNull();
    const ids = [...first.entries, ...rest.entries].map((e) => e.requestId);
    expect(new Set(ids).size).toBe(total);
    expect(ids).not.toContain("other");

    const bySecond = await listRequestLog(account.userId, { keyId: second.apiKey.id });
    expect(bySecond.entries.every((e) => e.keyName === "second key")).toBe(true);
    expect(bySecond.entries).toHaveLength(Math.floor(total / 2));
    // Someone else's key id matches nothing in this account's log.
    expect((await listRequestLog(account.userId, { keyId: other.apiKeyId })).entries).toEqual([]);
  });

  it("prunes events past the retention, and the oldest beyond the per-account bound", async () => {
    const { recordUsage } = await import("@/lib/usage/record");
    const { pruneUsageLog, USAGE_LOG_RETENTION_DAYS } = await import("@/lib/usage/retention");
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    const account = await createTestAccount({ plan: "pro" });
    for (let i = 0; i < 5; i++)
      recordUsage({
        userId: account.userId,
        apiKeyId: account.apiKeyId,
        endpoint: "og",
        status: 200,
        requestId: `n-${i}`,
      });
    await settle();
    const old = await db.usageEvent.create({
      data: {
        userId: account.userId,
        endpoint: "og",
        status: 200,
        createdAt: new Date(Date.now() - (USAGE_LOG_RETENTION_DAYS + 1) * 86_400_000),
      },
    });

    const aged = await pruneUsageLog([]);
    expect(aged.expired).toBeGreaterThanOrEqual(1);
    expect(await db.usageEvent.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.usageEvent.count({ where: { userId: account.userId } })).toBe(5);

    const bounded = await pruneUsageLog([account.userId], new Date(), 3);
    expect(bounded.overflow).toBe(2);
    const kept = await db.usageEvent.findMany({ where: { userId: account.userId }, orderBy: { id: "asc" } });
    expect(kept.map((e) => e.requestId)).toEqual(["n-2", "n-3", "n-4"]);
  });
});

describe("GET /v1/usage and X-Quota-* headers", () => {
  it("matches the account's counters and the headers of the answers before it", async () => {
    const { GET: usage } = await import("@/app/v1/usage/route");
    const { getDb } = await import("@/lib/db");
    const { monthKey } = await import("@/lib/usage/quota");
    const account = await createTestAccount({ plan: "starter" });
    const route = await renderingRoute();
    let last: Response | undefined;
    for (let i = 0; i < 3; i++)
      last = await route(apiRequest(`/v1/screenshot?url=https://example.com/${i}`, { apiKey: account.apiKey }));
    expect(last!.headers.get("x-quota-limit")).toBe("2000");
    expect(last!.headers.get("x-quota-remaining")).toBe("1997");
    await settle();

    const res = await usage(apiRequest("/v1/usage", { apiKey: account.apiKey }));
    expect(res.status).toBe(200);
    const body = await res.json();
    const db = await getDb();
    const counters = await db.monthlyUsage.findUniqueOrThrow({
      where: { userId_month: { userId: account.userId, month: monthKey() } },
    });
    expect(counters.renders).toBe(3);
    expect(body.plan).toEqual({ id: "starter", name: "Starter" });
    expect(body.renders).toEqual({ limit: 2000, used: counters.renders, remaining: 2000 - counters.renders });
    expect(body.requests.used).toBe(counters.requests);
    const now = new Date();
    expect(body.period.start).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
    expect(Date.parse(body.period.end)).toBeGreaterThan(Date.now());
    expect(body.rateLimit).toMatchObject({ limit: 60, windowSeconds: 60 });
    expect(body.rateLimit.remaining).toBe(Number(res.headers.get("ratelimit-remaining")));
    expect(res.headers.get("x-quota-remaining")).toBe(String(body.renders.remaining));
    expect(Number(res.headers.get("x-quota-reset"))).toBeGreaterThan(0);
  });

  it("sends X-Quota-* on keyed errors and the quota's own 429, none on a 401", async () => {
    const { GET: screenshot } = await import("@/app/v1/screenshot/route");
    const { getDb } = await import("@/lib/db");
    const { monthKey } = await import("@/lib/usage/quota");
    const account = await createTestAccount({ plan: "free" });
    const bad = await screenshot(
      apiRequest("/v1/screenshot?width=0&url=https://example.com", { apiKey: account.apiKey }),
    );
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-quota-limit")).toBe("100");
    expect(bad.headers.get("x-quota-remaining")).toBe("100");

    const db = await getDb();
    await db.monthlyUsage.create({ data: { userId: account.userId, month: monthKey(), renders: 100 } });
    const route = await renderingRoute();
    const refused = await route(apiRequest("/v1/screenshot?url=https://example.com", { apiKey: account.apiKey }));
    const exhausted = await problemOf(refused);
    expect(exhausted.code).toBe("quota_exceeded");
    expect((exhausted as { upgradeUrl?: string }).upgradeUrl).toMatch(/\/pricing$/);
    expect(refused.headers.get("x-quota-remaining")).toBe("0");

    const anonymous = await screenshot(apiRequest("/v1/screenshot?url=https://example.com"));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-quota-limit")).toBeNull();
  });

  it("sends X-Quota-* on the rate limit's 429 and on the keyed template listing too", async () => {
    const { GET: usage } = await import("@/app/v1/usage/route");
    const { GET: templates } = await import("@/app/v1/og/templates/route");
    const { getDb } = await import("@/lib/db");
    const { monthKey } = await import("@/lib/usage/quota");
    const account = await createTestAccount({ plan: "free" }); // 10 requests a minute
    await (await getDb()).monthlyUsage.create({ data: { userId: account.userId, month: monthKey(), renders: 30 } });

    const listing = await templates(apiRequest("/v1/og/templates", { apiKey: account.apiKey }));
    expect(listing.status).toBe(200);
    expect([listing.headers.get("x-quota-limit"), listing.headers.get("x-quota-remaining")]).toEqual(["100", "70"]);
    expect(Number(listing.headers.get("x-quota-reset"))).toBeGreaterThan(0);
    const anonymousListing = await templates(new Request("http://localhost:3000/v1/og/templates"));
    expect(anonymousListing.headers.get("x-quota-limit")).toBeNull();

    await awayFromWindowEdge();
    let last: Response | undefined;
    for (let i = 0; i < 11 && last?.status !== 429; i++)
      last = await usage(apiRequest("/v1/usage", { apiKey: account.apiKey }));
    expect((await problemOf(last!)).code).toBe("rate_limited");
    expect([last!.headers.get("x-quota-limit"), last!.headers.get("x-quota-remaining")]).toEqual(["100", "70"]);
  });

  it("follows a plan change on the very next request", async () => {
    const { GET: usage } = await import("@/app/v1/usage/route");
    const { getDb } = await import("@/lib/db");
    const account = await createTestAccount({ plan: "free" });
    expect((await (await usage(apiRequest("/v1/usage", { apiKey: account.apiKey }))).json()).plan.id).toBe("free");
    await (await getDb()).user.update({ where: { id: account.userId }, data: { plan: "business" } });
    const after = await usage(apiRequest("/v1/usage", { apiKey: account.apiKey }));
    expect((await after.json()).renders.limit).toBe(50_000);
    expect(after.headers.get("x-quota-limit")).toBe("50000");
    expect(after.headers.get("ratelimit-limit")).toBe("1200");
  });
});
