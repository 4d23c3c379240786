/**
 * Usage figures for the dashboard: per-day requests, renders and cache hits over the last N days
 * (UTC days, gaps filled with zeros), and this month's counters.
 *
 * One definition of a render everywhere (#51, D18): a render counted against the quota — an API
 * request's cache miss, a job's, a monitor run's, several for a recording, refunds given back. The
 * account's days read daily_renders, written with the month's count (lib/usage/quota.ts), so the
 * days of a month add up to the month's meter. Requests and cache hits are the request log's.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { monthKey } from "@/lib/usage/quota";

export interface DailyUsage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  requests: number;
  renders: number;
  cacheHits: number;
  /** The day's requests that were not served from the cache. */
  cacheMisses: number;
  /** Hits / (hits + misses) of the day's requests; null on a day with neither. */
  hitRatio: number | null;
}

export interface MonthUsage {
  month: string;
  requests: number;
  renders: number;
  /** Live browser sessions' minutes this month (D39). */
  sessionMinutes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC at the start of the first of the last `days` days (today included). */
function windowStart(days: number, now: Date): Date {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(todayStart - (days - 1) * DAY_MS);
}

/** Per UTC day over the last `days` days; with `apiKeyId`, only that key's requests (the key page, D22). */
export async function dailyUsage(
  userId: string,
  days = 30,
  now = new Date(),
  apiKeyId: string | null = null,
): Promise<DailyUsage[]> {
  const start = windowStart(days, now);
  const db = await getDb();
  // A key's own days (its page) count its requests' misses: quota renders are the account's.
  const quotaRenders =
    apiKeyId === null
      ? new Map(
          (
            await db.dailyRenders.findMany({
              where: { userId, day: { gte: new Date(start.toISOString().slice(0, 10)) } },
            })
          ).map((r) => [utcDay(r.day), r.renders]),
        )
      : undefined;
  // created_at is a UTC timestamp without zone: compare and truncate it as such.
  const rows = await db.$queryRaw<Array<{ day: string; requests: number; renders: number; hits: number }>>`
    SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS day,
           count(*)::int AS requests,
           (count(*) FILTER (WHERE cache = 'MISS'))::int AS renders,
           (count(*) FILTER (WHERE cache = 'HIT'))::int AS hits
      FROM usage_events
     WHERE user_id = ${userId} AND created_at >= ${start.toISOString().slice(0, 23)}::timestamp
       AND (${apiKeyId}::text IS NULL OR api_key_id = ${apiKeyId})
     GROUP BY 1`;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: DailyUsage[] = [];
  for (let i = 0; i < days; i++) {
    const day = utcDay(new Date(start.getTime() + i * DAY_MS));
    const row = byDay.get(day);
    const misses = row?.renders ?? 0;
    const cacheHits = row?.hits ?? 0;
    out.push({
      day,
      requests: row?.requests ?? 0,
      renders: quotaRenders ? (quotaRenders.get(day) ?? 0) : misses,
      cacheHits,
      cacheMisses: misses,
      // Of the requests that could be served from the cache, the share that was.
      hitRatio: misses + cacheHits > 0 ? cacheHits / (misses + cacheHits) : null,
    });
  }
  return out;
}

/** This month's counters (the render count is the one the quota is enforced against). */
export async function monthUsage(userId: string, now = new Date()): Promise<MonthUsage> {
  const month = monthKey(now);
  const db = await getDb();
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month } } });
  return { month, requests: row?.requests ?? 0, renders: row?.renders ?? 0, sessionMinutes: row?.sessionMinutes ?? 0 };
}

/** Requests per key over the same last N UTC days, for the key list and key page. */
export async function requestsByKey(userId: string, days = 30, now = new Date()): Promise<Map<string, number>> {
  const db = await getDb();
  const since = windowStart(days, now);
  const rows = await db.usageEvent.groupBy({
    by: ["apiKeyId"],
    where: { userId, createdAt: { gte: since }, apiKeyId: { not: null } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.apiKeyId!, r._count._all]));
}
