/**
 * GET /v1/usage (D18): where the calling account stands — plan, the quota period, renders used
 * and left, the rate window — for clients that want to check before they render. Answered by the
 * one pipeline like every keyed endpoint (so it counts against the rate limit, never the quota).
 * Its response schema (lib/usage/schema.ts) is the one the OpenAPI document publishes.
 */
import "server-only";
import { z } from "zod";
import type { ApiContext, EndpointSpec } from "@/lib/api/context";
import { peekRateLimit, RATE_WINDOW_SECONDS } from "@/lib/api/rate-limit";
import { PLANS } from "@/lib/plans";
import type { UsageResponse } from "@/lib/usage/schema";
import { monthUsage } from "@/lib/usage/stats";

export const usageParams = z.object({});

export const usageEndpoint = {
  id: "usage",
  params: usageParams,
  extras: "reject",
  validate: () => undefined,
} as const satisfies EndpointSpec<typeof usageParams, undefined>;


export async function handleUsage(ctx: ApiContext<z.output<typeof usageParams>>): Promise<Response> {
  const now = new Date();
  const plan = PLANS[ctx.caller.plan];
  const [month, rate] = await Promise.all([monthUsage(ctx.caller.userId, now), peekRateLimit(ctx.caller, now.getTime())]);
  const body: UsageResponse = {
    plan: { id: plan.id, name: plan.name },
    period: {
      start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    },
    renders: { limit: plan.rendersPerMonth, used: month.renders, remaining: Math.max(0, plan.rendersPerMonth - month.renders) },
    requests: { used: month.requests },
    rateLimit: { ...rate, windowSeconds: RATE_WINDOW_SECONDS },
  };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
