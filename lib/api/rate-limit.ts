/**
 * Per-account request rate limit (D4): a fixed one-minute window shared by all keys of the
 * account. Counted in Redis/Upstash when configured, so every instance sees the same count;
 * in process memory on the embedded default (one instance).
 */
import "server-only";
import type { Caller } from "@/lib/api/context";
import { ApiError } from "@/lib/api/errors";
import { PLANS } from "@/lib/plans";
import { windowCounter } from "@/lib/api/window-counter";

const WINDOW_MS = 60_000;

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.reset),
  };
}

/** Counts the request; throws 429 rate_limited (with Retry-After) past the plan's limit. */
export async function checkRateLimit(caller: Caller, now = Date.now()): Promise<RateState> {
  const limit = PLANS[caller.plan].requestsPerMinute;
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const count = await windowCounter().hit(`rl:${caller.userId}:${windowStart}`, WINDOW_MS);
  const reset = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
  const state = { limit, remaining: Math.max(0, limit - count), reset };
  if (count > limit) {
    throw new ApiError("rate_limited", `Rate limit of ${limit} requests per minute exceeded for the ${PLANS[caller.plan].name} plan. Retry in ${reset} s.`, {
      headers: { ...rateLimitHeaders(state), "Retry-After": String(reset) },
    });
  }
  return state;
}
