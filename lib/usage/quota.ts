/**
 * Monthly render quota (D4): renders are cache misses; hits are free. One atomic upsert both
 * checks and counts, so concurrent renders can never overshoot the plan's allowance. A render is
 * counted before it starts (so the allowance holds under concurrency) and given back if it
 * fails: a timeout, a crash or a page that cannot be captured delivered nothing to pay for.
 */
import "server-only";
import type { Caller, RenderCharge } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { getDb } from "@/lib/db";
import { PLANS } from "@/lib/plans";

export function monthKey(date = new Date()): string {
  return date.toISOString().slice(0, 7); // "2026-11", UTC
}

export function secondsUntilNextMonth(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** One render counted against the quota, until it is given back. */

/**
 * Counts `count` renders (a recording counts several, D26) in one atomic step: all of them fit in
 * the month's allowance, or none is counted and the answer is 429.
 */
export async function consumeRender(caller: Caller, now = new Date(), count = 1): Promise<RenderCharge> {
  const limit = PLANS[caller.plan].rendersPerMonth;
  const month = monthKey(now);
  const day = now.toISOString().slice(0, 10);
  const db = await getDb();
  // The day's count is written in the same statement, only when the month's accepted the renders:
  // the Usage page's days add up to its month (#51).
  const rows =
    count > limit
      ? []
      : await db.$queryRaw<Array<{ renders: number }>>`
    WITH counted AS (
      INSERT INTO monthly_usage (user_id, month, requests, renders) VALUES (${caller.userId}, ${month}, 0, ${count})
      ON CONFLICT (user_id, month) DO UPDATE SET renders = monthly_usage.renders + ${count}
        WHERE monthly_usage.renders + ${count} <= ${limit}
      RETURNING renders
    ), daily AS (
      INSERT INTO daily_renders (user_id, day, renders)
      SELECT ${caller.userId}, ${day}::date, ${count} FROM counted
      ON CONFLICT (user_id, day) DO UPDATE SET renders = daily_renders.renders + ${count}
    )
    SELECT renders FROM counted`;
  if (rows.length === 0) {
    const retry = secondsUntilNextMonth(now);
    const plan = `The ${PLANS[caller.plan].name} plan's ${limit.toLocaleString("en-US")} renders this month`;
    throw new ApiError(
      "quota_exceeded",
      count === 1
        ? `${plan} are used up. Cached results are still served; upgrade for more.`
        : `This recording counts ${count} renders, more than what is left of ${plan.charAt(0).toLowerCase()}${plan.slice(1)}. Cached results are still served; record less or upgrade for more.`,
      { headers: { "Retry-After": String(retry) } },
    );
  }
  return renderCharge(rows[0].renders, () => giveBackRenders(caller.userId, now, count));
}

/** Gives `count` renders counted at `at` back to that month and day (a refund, now or later). */
export async function giveBackRenders(userId: string, at: Date, count = 1): Promise<void> {
  const month = monthKey(at);
  const day = at.toISOString().slice(0, 10);
  const db = await getDb();
  await db.$executeRaw`
    WITH daily AS (
      UPDATE daily_renders SET renders = GREATEST(0, renders - ${count}) WHERE user_id = ${userId} AND day = ${day}::date
    )
    UPDATE monthly_usage SET renders = GREATEST(0, renders - ${count}) WHERE user_id = ${userId} AND month = ${month}`;
}

/** A counted render whose refund gives it back once; later calls do nothing. */
export function renderCharge(renders: number, giveBack: () => Promise<void>): RenderCharge {
  let refunded = false;
  return {
    renders,
    async refund() {
      if (refunded) return;
      refunded = true;
      await giveBack();
    },
  };
}

export async function rendersThisMonth(userId: string, now = new Date()): Promise<number> {
  const db = await getDb();
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: monthKey(now) } } });
  return row?.renders ?? 0;
}
