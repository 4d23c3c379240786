/**
 * Request rate limits (D4): per account, a fixed one-minute window shared by all keys of the
 * account; without an account (a 401, the endpoints that need no key), a window per client
 * address. Counted in Redis/Upstash when configured, so every instance sees the same count;
 * in process memory on the embedded default (one instance).
 */
import "server-only";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { ANONYMOUS_LIMITS, PLANS } from "@/lib/plans";
import { windowCounter } from "@/lib/api/window-counter";

export const RATE_WINDOW_SECONDS = 60;
const WINDOW_MS = RATE_WINDOW_SECONDS * 1000;

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

interface Window {
  key: string;
  limit: number;
  /** Seconds until the window resets. */
  reset: number;
}

function windowFor(scope: string, limit: number, now: number): Window {
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  return {
    key: `rl:${scope}:${windowStart}`,
    limit,
    reset: Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)),
  };
}

function windowOf(caller: Caller, now: number): Window {
  return windowFor(caller.userId, PLANS[caller.plan].requestsPerMinute, now);
}

/**
 * The account's state without counting this request: for answers decided before the rate limit
 * (a 400 or 403 after authentication, D2), which carry the headers too (D4) but cost nothing.
 */
export function peekRateLimit(caller: Caller, now = Date.now()): Promise<RateState> {
  return peek(windowOf(caller, now));
}

/** The state of `window` without counting a request in it. */
async function peek(window: Window): Promise<RateState> {
  return stateOf(window, await windowCounter().peek(window.key));
}

/** What the headers say of `window` once `n` requests are counted in it. */
function stateOf({ limit, reset }: Window, n: number): RateState {
  return { limit, remaining: Math.max(0, limit - n), reset };
}

/** Counts `weight` requests in `window`; throws 429 rate_limited (with Retry-After) past its limit. */
async function count(window: Window, exceeded: string, weight = 1): Promise<RateState> {
  const { key, limit, reset } = window;
  const n = await windowCounter().hit(key, WINDOW_MS, weight);
  const state = stateOf(window, n);
  if (n > limit) {
    throw new ApiError("rate_limited", `${exceeded} Retry in ${reset} s.`, {
      headers: { ...rateLimitHeaders(state), "Retry-After": String(reset) },
    });
  }
  return state;
}

/** Counts the request; throws 429 rate_limited (with Retry-After) past the plan's limit. */
export function checkRateLimit(caller: Caller, now = Date.now()): Promise<RateState> {
  const { requestsPerMinute: limit, name } = PLANS[caller.plan];
  return count(windowOf(caller, now), `Rate limit of ${limit} requests per minute exceeded for the ${name} plan.`);
}

/**
 * The client's address: the production server's edge (lib/edge/client-address.ts) replaces
 * X-Forwarded-For with the one address its trusted proxies (TRUSTED_PROXIES) vouch for — the
 * connection's own peer when none is configured — so a client cannot choose its window by writing
 * the header. The last entry is read, as a proxy appends (routes called in-process, in tests).
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || "unknown";
}

function anonymousWindow(request: Request, kind: keyof typeof ANONYMOUS_LIMITS, now: number): Window {
  return windowFor(`anon:${kind}:${clientAddress(request)}`, ANONYMOUS_LIMITS[kind], now);
}

/** The client address's window without counting: for an answer that has no account and is no 401 (a 5xx before the key was checked). */
export function peekAnonymousLimit(
  request: Request,
  kind: keyof typeof ANONYMOUS_LIMITS,
  now = Date.now(),
): Promise<RateState> {
  return peek(anonymousWindow(request, kind, now));
}

/**
 * Counts a request that has no account against its client address's window (ANONYMOUS_LIMITS);
 * `weight` requests when one HTTP request carries several (an MCP JSON-RPC batch, D25).
 */
export function checkAnonymousLimit(
  request: Request,
  kind: keyof typeof ANONYMOUS_LIMITS,
  { now = Date.now(), weight = 1 }: { now?: number; weight?: number } = {},
): Promise<RateState> {
  const limit = ANONYMOUS_LIMITS[kind];
  const what = kind === "failedAuth" ? "requests without a valid API key" : "requests";
  return count(
    anonymousWindow(request, kind, now),
    `Rate limit of ${limit} ${what} per minute from one address exceeded.`,
    weight,
  );
}
