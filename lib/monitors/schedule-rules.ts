/**
 * A monitor's schedule (D27): every `interval` seconds, or a cron expression in UTC parsed by
 * cron-parser (the version BullMQ's job scheduler uses, so both schedules read a pattern alike).
 * When the next tick is, and whether a schedule keeps to the plan's minimum interval. Pure.
 */
import cronParser from "cron-parser";
import { env } from "@/lib/env";
import { PLANS, type PlanId } from "@/lib/plans";

export type Schedule = { interval: number } | { cron: string };

/** Once a day when neither interval nor cron is given. */
export const DEFAULT_INTERVAL_SECONDS = 86_400;

/** How many of a cron schedule's next runs are checked for the minimum gap (a week of hourly runs and more). */
const CRON_SAMPLE = 200;

/** The shortest interval the plan allows, in seconds (MONITOR_MIN_INTERVAL_SECONDS replaces every plan's). */
export function minimumIntervalSeconds(plan: PlanId): number {
  return env().MONITOR_MIN_INTERVAL_SECONDS ?? PLANS[plan].monitorMinIntervalMinutes * 60;
}

/** Throws cron-parser's message for an expression it cannot read. */
function cronTimes(pattern: string, after: Date) {
  // cron-parser 4 is CommonJS: its functions hang off the default export under Node's ESM loader.
  return cronParser.parseExpression(pattern, { currentDate: after, tz: "UTC" });
}

/** null when the expression reads; else why not. */
export function cronProblem(pattern: string): string | null {
  const fields = pattern.trim().split(/\s+/).length;
  if (fields < 5 || fields > 6)
    return "cron must have five fields (minute hour day month weekday), or six with seconds first.";
  try {
    cronTimes(pattern, new Date()).next();
    return null;
  } catch (error) {
    return `cron is not a valid expression: ${String((error as Error).message).slice(0, 120)}`;
  }
}

/** The shortest gap between consecutive runs, in seconds (for cron: over its next CRON_SAMPLE runs). */
export function shortestGapSeconds(schedule: Schedule, from = new Date()): number {
  if ("interval" in schedule) return schedule.interval;
  const times = cronTimes(schedule.cron, from);
  let previous = times.next().getTime();
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < CRON_SAMPLE; i++) {
    let next: number;
    try {
      next = times.next().getTime();
    } catch {
      break; // a schedule that ends (a date in the past of a year) has no more runs
    }
    shortest = Math.min(shortest, (next - previous) / 1000);
    previous = next;
  }
  return shortest;
}

/** The first tick after `after`. */
export function nextTick(schedule: Schedule, after: Date): Date {
  if ("interval" in schedule) return new Date(after.getTime() + schedule.interval * 1000);
  return cronTimes(schedule.cron, after).next().toDate();
}

/** The first tick after `tick` that is later than `now`: ticks missed while no instance ran are not made up. */
export function nextTickAfterNow(schedule: Schedule, tick: Date, now = new Date()): Date {
  if ("cron" in schedule) return nextTick(schedule, tick.getTime() > now.getTime() ? tick : now);
  const step = schedule.interval * 1000;
  const behind = Math.max(0, now.getTime() - tick.getTime());
  return new Date(tick.getTime() + (Math.floor(behind / step) + 1) * step);
}
