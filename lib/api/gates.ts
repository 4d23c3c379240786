/**
 * Plan gates (D3): the endpoint's minimum plan, then each parameter's, read from the schema's
 * metadata. A gated parameter counts only when set to something other than its default, so
 * `darkMode=false` is harmless on Free.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { ApiError } from "@/lib/api/errors";
import { describeParams } from "@/lib/api/params";
import { PLANS, planAtLeast, type PlanId } from "@/lib/plans";

const ENDPOINT_NAMES: Record<EndpointSpec["id"], string> = {
  screenshot: "Screenshots",
  og: "Open Graph image generation",
  usage: "The usage endpoint",
};

export function enforcePlanGates(
  spec: Pick<EndpointSpec, "id" | "minPlan" | "params">,
  params: Record<string, unknown>,
  given: ReadonlySet<string>,
  plan: PlanId,
): void {
  if (spec.minPlan && !planAtLeast(plan, spec.minPlan)) {
    throw new ApiError(
      "plan_upgrade_required",
      `${ENDPOINT_NAMES[spec.id]} requires the ${PLANS[spec.minPlan].name} plan or higher.`,
    );
  }
  for (const field of describeParams(spec.params)) {
    if (!field.plan || planAtLeast(plan, field.plan) || !given.has(field.name)) continue;
    if (field.default !== undefined && params[field.name] === field.default) continue;
    throw new ApiError("plan_upgrade_required", `${field.name} requires the ${PLANS[field.plan].name} plan or higher.`, {
      param: field.name,
    });
  }
}
