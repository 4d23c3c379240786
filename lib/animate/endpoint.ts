/**
 * GET/POST /v1/animate as the pipeline sees it (D26): the schema and the validate step, which
 * plans the recording (plan.ts) — 400s for what no plan allows, then 403 for what the caller's
 * plan does not — and hands the plan to the handler. A synchronous request records at most
 * SYNC_MAX_DURATION_MS; the same request as an async job (`endpoint: "animate"`) may record up to
 * the plan's limit, so jobs validate with `animateJobEndpoint`.
 */
import { withProfile } from "@/lib/page/profile";
import type { EndpointSpec } from "@/lib/api/context";
import { parseQuery } from "@/lib/api/query";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { animateParams } from "./params";
import { type AnimationPlan, planAnimation } from "./plan";

/** The recording's page with the workspace's saved login attached (profile=, D43). */
async function profiled(plan: AnimationPlan, name: string | undefined, userId: string): Promise<AnimationPlan> {
  return { ...plan, page: await withProfile(plan.page, name, userId) };
}

export const animateEndpoint = {
  id: "animate",
  params: animateParams,
  extras: "reject",
  validate: (params, { given, caller }) =>
    profiled(planAnimation(params, given, { plan: caller.plan, sync: true }), params.profile, caller.userId),
  targetHost: (params) => (params.url ? new URL(params.url).host : undefined),
  // POST: the same parameters as a JSON body (html and steps are easier there), as for screenshots (D19).
  jsonBody: { maxBytes: SCREENSHOT_BODY_MAX_BYTES },
} as const satisfies EndpointSpec<typeof animateParams, AnimationPlan>;

/** The same endpoint run as an async job (D20): up to the plan's longest recording. */
export const animateJobEndpoint = {
  ...animateEndpoint,
  validate: (params, { given, caller }) =>
    profiled(planAnimation(params, given, { plan: caller.plan, sync: false }), params.profile, caller.userId),
} as const satisfies EndpointSpec<typeof animateParams, AnimationPlan>;

/**
 * The recording a query asks for, planned as /v1/animate plans it (its 400s included), without the
 * pipeline: for the recordings the service makes itself (the docs' samples, D26), as an async job
 * on the Business plan would be.
 */
export function animationFromQuery(query: Record<string, string>): AnimationPlan {
  const { params, given } = parseQuery(new URLSearchParams(query), animateParams, { extras: "reject" });
  return planAnimation(params, given, { plan: "business", sync: false });
}
