/**
 * GET /v1/screenshot as the pipeline sees it: the schema (lib/screenshot/params.ts) and the
 * validate step, which plans the capture (lib/screenshot/plan.ts). The checks that span
 * parameters (a clip against the format and the device scale) are made while planning, so they
 * are 400s before plan gates and the rate limit (D2); the plan is handed to the handler.
 *
 * It lives apart from the schema so that the schema imports nothing of the feature: plan.ts and
 * devices.ts read the schema's types, and the schema needs neither.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { parseQuery } from "@/lib/api/query";
import { withProfile } from "@/lib/page/profile";
import { screenshotParams } from "./params";
import { SCREENSHOT_BODY_MAX_BYTES } from "./params-input";
import { type CapturePlan, planCapture } from "./plan";

export const screenshotEndpoint = {
  id: "screenshot",
  params: screenshotParams,
  extras: "reject",
  validate: (params, { given, caller }) => withProfile(planCapture(params, given), params.profile, caller.userId),
  targetHost: (params) => (params.url ? new URL(params.url).host : undefined),
  // POST: the same parameters as a JSON body (D19), html included.
  jsonBody: { maxBytes: SCREENSHOT_BODY_MAX_BYTES },
} as const satisfies EndpointSpec<typeof screenshotParams, CapturePlan>;

/**
 * The capture a query asks for, planned as GET /v1/screenshot plans it (its 400s included): for
 * the captures the service makes itself, without the pipeline (the landing page's showcase, the
 * no-signup demo).
 */
export function planFromQuery(query: Record<string, string>): CapturePlan {
  const { params, given } = parseQuery(new URLSearchParams(query), screenshotParams, {
    extras: screenshotEndpoint.extras,
  });
  return planCapture(params, given);
}
