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

function windowOf(caller: Caller, now: number) {
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  return {
    key: `rl:${caller.userId}:${windowStart}`,
    limit: PLANS[caller.plan].requestsPerMinute,
    reset: Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)),
  };
}

/**
 * The account's state without counting this request: for answers decided before the rate limit
 * (a 400 or 403 after authentication, D2), which carry the headers too (D4) but cost nothing.
 */
export async function peekRateLimit(caller: Caller, now = Date.now()): Promise<RateState> {
  const { key, limit, reset } = windowOf(caller, now);
  const count = await windowCounter().peek(key);
  return { limit, remaining: Math.max(0, limit - count), reset };
}

/** Counts the request; throws 429 rate_limited (with Retry-After) past the plan's limit. */
export async function checkRateLimit(caller: Caller, now = Date.now()): Promise<RateState> {
  const { key, limit, reset } = windowOf(caller, now);
  const count = await windowCounter().hit(key, WINDOW_MS);
  const state = { limit, remaining: Math.max(0, limit - count), reset };
  if (count > limit) {
    throw new ApiError("rate_limited", `Rate limit of ${limit} requests per minute exceeded for the ${PLANS[caller.plan].name} plan. Retry in ${reset} s.`, {
      headers: { ...rateLimitHeaders(state), "Retry-After": String(reset) },
    });
  }
  return state;
}
