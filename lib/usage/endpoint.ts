/**
 * GET /v1/usage (D18): where the calling account stands — plan, the quota period, renders used
 * and left, the rate window — for clients that want to check before they render. Answered by the
 * one pipeline like every keyed endpoint (so it counts against the rate limit, never the quota).
 * Its response schema (lib/usage/schema.ts) is the one the OpenAPI document publishes.
 */
import "server-only";
import type { ApiContext } from "@/lib/api/context";
import { type JsonOutcome, jsonOutcome } from "@/lib/api/outcome";
import { noParamsEndpoint, type NoParams } from "@/lib/api/no-params";
import { peekRateLimit, RATE_WINDOW_SECONDS } from "@/lib/api/rate-limit";
import { PLANS } from "@/lib/plans";
import type { UsageResponse } from "@/lib/usage/schema";
import { monthUsage } from "@/lib/usage/stats";

export const usageEndpoint = noParamsEndpoint("usage");

export async function handleUsage(ctx: ApiContext<NoParams>): Promise<JsonOutcome<UsageResponse>> {
  const now = new Date();
  const plan = PLANS[ctx.caller.plan];
  const [month, rate] = await Promise.all([
    monthUsage(ctx.caller.userId, now),
    peekRateLimit(ctx.caller, now.getTime()),
  ]);
  const body: UsageResponse = {
    plan: { id: plan.id, name: plan.name },
    period: {
      start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    },
    renders: {
      limit: plan.rendersPerMonth,
      used: month.renders,
      remaining: Math.max(0, plan.rendersPerMonth - month.renders),
    },
    requests: { used: month.requests },
    sessionMinutes: { used: month.sessionMinutes },
    rateLimit: { ...rate, windowSeconds: RATE_WINDOW_SECONDS },
  };
  return jsonOutcome(body, { headers: { "Cache-Control": "no-store" } });
}
