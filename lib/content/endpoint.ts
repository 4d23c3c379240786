/**
 * GET and POST /v1/content as the pipeline sees them (D24): the schema and the validate step,
 * which plans the render (lib/content/plan.ts), so every 400 comes before plan gates (D2).
 */
import type { EndpointSpec } from "@/lib/api/context";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { contentParams } from "./params";
import { withProfile } from "@/lib/page/profile";
import { type ContentPlan, planContent } from "./plan";

export const contentEndpoint = {
  id: "content",
  params: contentParams,
  extras: "reject",
  validate: (params, { given, caller }) => withProfile(planContent(params, given), params.profile, caller.userId),
  targetHost: (params) => (params.url ? new URL(params.url).host : undefined),
  // POST: the same parameters as a JSON body, html included (like the screenshot's, D19).
  jsonBody: { maxBytes: SCREENSHOT_BODY_MAX_BYTES },
} as const satisfies EndpointSpec<typeof contentParams, ContentPlan>;
