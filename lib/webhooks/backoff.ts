/**
 * When a failed delivery is tried again (D20): the n-th retry waits base × 5^(n-1), plus up to 10 %
 * jitter so the retries of many deliveries that failed together do not arrive together. With the
 * defaults (5 s, 8 attempts) the retries come after 5 s, 25 s, 2 min, 10 min, 52 min, 4.3 h and
 * 21.7 h: a receiver may be down for about a day (27 h) before a delivery is marked failed.
 */
import { env } from "@/lib/env";

const FACTOR = 5;
const MAX_JITTER = 0.1;

/** The delay before attempt `failedAttempts + 1`, without jitter. */
export function retryDelayMs(failedAttempts: number, base = env().WEBHOOK_RETRY_BASE_MS): number {
  return base * FACTOR ** Math.max(0, failedAttempts - 1);
}

/** When the next attempt is due after `failedAttempts` failures, or null when none is left. */
export function nextAttemptAt(failedAttempts: number, now: Date, random = Math.random()): Date | null {
  if (failedAttempts >= env().WEBHOOK_MAX_ATTEMPTS) return null;
  const delay = retryDelayMs(failedAttempts);
  return new Date(now.getTime() + Math.round(delay * (1 + MAX_JITTER * random)));
}
