/**
 * X-Quota-* headers (D18): every answer to a request with a valid key says where the account
 * stands against its monthly render quota, the way RateLimit-* does for the minute window. The
 * figure is the account's counter as read with the key (one query, see lib/keys/owner-lookup.ts),
 * moved by this request's own render or refund: concurrent requests may have counted since.
 */
import "server-only";
import type { Caller } from "@/lib/vocabulary/caller";
import { PLANS } from "@/lib/plans";
import { rendersThisMonth, secondsUntilNextMonth } from "@/lib/usage/quota";

export interface QuotaState {
  limit: number;
  used: number;
  /** Seconds until the period (the UTC calendar month) resets. */
  reset: number;
}

/** Tracks the account's renders across one request: the lookup's figure, then this request's charges. */
export class QuotaTracker {
  private used: number | undefined;

  constructor(private readonly caller: Caller) {
    this.used = caller.rendersThisMonth;
  }

  /** After a counted render: the counter's value it returned. */
  counted(renders: number): void {
    this.used = renders;
  }

  /** The quota refused a render: nothing is left. */
  usedUp(): void {
    this.used = PLANS[this.caller.plan].rendersPerMonth;
  }

  /** A charge of `count` renders was given back. */
  refunded(count = 1): void {
    if (this.used !== undefined) this.used = Math.max(0, this.used - count);
  }

  async state(now = new Date()): Promise<QuotaState> {
    // Callers authenticated by session (the playground) come without the figure.
    this.used ??= await rendersThisMonth(this.caller.userId, now);
    return { limit: PLANS[this.caller.plan].rendersPerMonth, used: this.used, reset: secondsUntilNextMonth(now) };
  }
}

export function quotaHeaders(state: QuotaState): Record<string, string> {
  return {
    "X-Quota-Limit": String(state.limit),
    "X-Quota-Remaining": String(Math.max(0, state.limit - state.used)),
    "X-Quota-Reset": String(state.reset),
  };
}
