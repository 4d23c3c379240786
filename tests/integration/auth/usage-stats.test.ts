/** lib/usage/stats.ts (the dashboard's usage queries) on the real schema. */
import { describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

testEnvironment();

const NOW = new Date("2026-03-15T10:00:00Z");
const at = (iso: string) => new Date(iso);

describe("usage stats", () => {
  it("counts requests, renders and hits per UTC day over the last 30 days, gaps filled", async () => {
    const { getDb } = await import("@/lib/db");
    const { dailyUsage, requestsByKey, monthUsage } = await import("@/lib/usage/stats");
    const db = await getDb();
    const user = await db.user.create({ data: { email: "stats@example.test" } });
    const other = await db.user.create({ data: { email: "other@example.test" } });
    const key = await db.apiKey.create({ data: { userId: user.id, name: "k", hash: "h1", display: "d" } });
    const events = [
      { createdAt: at("2026-03-15T09:59:00Z"), cache: "HIT" },
      { createdAt: at("2026-03-15T00:00:00Z"), cache: "MISS" },
      { createdAt: at("2026-03-14T23:59:59Z"), cache: "HIT" },
      { createdAt: at("2026-03-14T12:00:00Z"), cache: null },
      { createdAt: at("2026-02-14T12:00:00Z"), cache: "MISS" }, // day 1 of the window
      { createdAt: at("2026-02-13T23:59:59Z"), cache: "MISS" }, // just outside
    ];
    for (const e of events) {
      await db.usageEvent.create({
        data: {
          userId: user.id,
          apiKeyId: key.id,
          endpoint: "screenshot",
          status: 200,
          cache: e.cache,
          createdAt: e.createdAt,
        },
      });
    }
    await db.usageEvent.create({
      data: {
        userId: other.id,
        endpoint: "screenshot",
        status: 200,
        cache: "MISS",
        createdAt: at("2026-03-15T08:00:00Z"),
      },
    });

    // Renders are those counted against the quota (#51): a request's, a job's or a monitor run's,
    // several for a recording, refunds given back — not the request log's cache misses.
    const { consumeRender } = await import("@/lib/usage/quota");
    const caller = { userId: user.id, plan: "pro" as const, apiKeyId: null };
    await consumeRender(caller, at("2026-02-13T23:59:59Z"));
    await consumeRender(caller, at("2026-02-14T12:00:00Z"));
    await consumeRender(caller, at("2026-03-15T00:00:00Z"));
    await consumeRender(caller, at("2026-03-15T08:00:00Z"), 3); // a recording: three renders
    await (await consumeRender(caller, at("2026-03-15T09:00:00Z"))).refund(); // failed: given back
    await consumeRender(caller, at("2026-03-01T09:00:00Z"));

    const days = await dailyUsage(user.id, 30, NOW);
    expect(days).toHaveLength(30);
    const day = (d: string, requests: number, renders: number, cacheHits: number, cacheMisses: number) => ({
      day: d,
      requests,
      renders,
      cacheHits,
      cacheMisses,
      hitRatio: cacheHits + cacheMisses > 0 ? cacheHits / (cacheHits + cacheMisses) : null,
    });
    expect(days[0]).toEqual(day("2026-02-14", 1, 1, 0, 1));
    expect(days[28]).toEqual(day("2026-03-14", 2, 0, 1, 0));
    expect(days[29]).toEqual(day("2026-03-15", 2, 4, 1, 1));
    expect(days[10]).toEqual(day("2026-02-24", 0, 0, 0, 0));
    // The days of a month add up to the month's meter: one count.
    const march = days.filter((d) => d.day.startsWith("2026-03")).reduce((s, d) => s + d.renders, 0);
    expect(march).toBe(5);
    expect((await monthUsage(user.id, NOW)).renders).toBe(march);
    expect(days.reduce((s, d) => s + d.requests, 0)).toBe(5);

    expect((await requestsByKey(user.id, 30, NOW)).get(key.id)).toBe(5);

    // One key's days (the key page): only its own requests, the same days and gaps.
    const second = await db.apiKey.create({ data: { userId: user.id, name: "k2", hash: "h2", display: "d2" } });
    await db.usageEvent.create({
      data: {
        userId: user.id,
        apiKeyId: second.id,
        endpoint: "og",
        status: 200,
        cache: "MISS",
        createdAt: at("2026-03-15T07:00:00Z"),
      },
    });
    const firstKeyDays = await dailyUsage(user.id, 30, NOW, key.id);
    const secondKeyDays = await dailyUsage(user.id, 30, NOW, second.id);
    // A key's renders are its own requests' misses (quota renders are the account's).
    expect(firstKeyDays[29]).toEqual(day("2026-03-15", 2, 1, 1, 1));
    expect(secondKeyDays[29]).toEqual(day("2026-03-15", 1, 1, 0, 1));
    expect(secondKeyDays.reduce((s, d) => s + d.requests, 0)).toBe(1);
    expect((await dailyUsage(user.id, 30, NOW))[29]!.requests).toBe(3);
    // Another account's key id gives nothing, even with the key's own id.
    expect((await dailyUsage(other.id, 30, NOW, key.id)).every((d) => d.requests === 0)).toBe(true);
    await db.monthlyUsage.update({
      where: { userId_month: { userId: user.id, month: "2026-03" } },
      data: { requests: 7, sessionMinutes: 3 },
    });
    expect(await monthUsage(user.id, NOW)).toEqual({ month: "2026-03", requests: 7, renders: 5, sessionMinutes: 3 });
    expect(await monthUsage(user.id, at("2026-04-01T00:00:00Z"))).toEqual({
      month: "2026-04",
      requests: 0,
      renders: 0,
      sessionMinutes: 0,
    });
  });
});
