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

    const days = await dailyUsage(user.id, 30, NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: "2026-02-14", requests: 1, renders: 1, cacheHits: 0, hitRatio: 0 });
    expect(days[28]).toEqual({ day: "2026-03-14", requests: 2, renders: 0, cacheHits: 1, hitRatio: 1 });
    expect(days[29]).toEqual({ day: "2026-03-15", requests: 2, renders: 1, cacheHits: 1, hitRatio: 0.5 });
    expect(days[10]).toEqual({ day: "2026-02-24", requests: 0, renders: 0, cacheHits: 0, hitRatio: null });
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
    expect(firstKeyDays[29]).toEqual({ day: "2026-03-15", requests: 2, renders: 1, cacheHits: 1, hitRatio: 0.5 });
    expect(secondKeyDays[29]).toEqual({ day: "2026-03-15", requests: 1, renders: 1, cacheHits: 0, hitRatio: 0 });
    expect(secondKeyDays.reduce((s, d) => s + d.requests, 0)).toBe(1);
    expect((await dailyUsage(user.id, 30, NOW))[29]!.requests).toBe(3);
    // Another account's key id gives nothing, even with the key's own id.
    expect((await dailyUsage(other.id, 30, NOW, key.id)).every((d) => d.requests === 0)).toBe(true);
    await db.monthlyUsage.create({ data: { userId: user.id, month: "2026-03", requests: 7, renders: 3 } });
    expect(await monthUsage(user.id, NOW)).toEqual({ month: "2026-03", requests: 7, renders: 3 });
    expect(await monthUsage(user.id, at("2026-04-01T00:00:00Z"))).toEqual({
      month: "2026-04",
      requests: 0,
      renders: 0,
    });
  });
});
