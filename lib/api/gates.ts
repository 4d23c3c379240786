/**
 * Plan gates (D3): the endpoint's minimum plan, then each parameter's, read from the schema's
 * metadata. A gated parameter counts only when set to something other than its default, so
 * `darkMode=false` is harmless on Free; an enum value with a plan of its own (an output format's,
 * lib/formats.ts) counts when it is asked for.
 */
import type { EndpointSpec } from "@/lib/api/context";
import type { Caller } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { describeParams } from "@/lib/api/params";
import { ENDPOINTS, isRenderEndpoint } from "@/lib/endpoints";
import { PLANS, planAtLeast, type PlanId } from "@/lib/plans";

export function enforcePlanGates(
  spec: Pick<EndpointSpec, "id" | "minPlan" | "params">,
  params: Record<string, unknown>,
  given: ReadonlySet<string>,
  plan: PlanId,
): void {
  if (spec.minPlan && !planAtLeast(plan, spec.minPlan)) {
    throw new ApiError(
      "plan_upgrade_required",
      `${ENDPOINTS[spec.id].name} requires the ${PLANS[spec.minPlan].name} plan or higher.`,
    );
  }
  for (const field of describeParams(spec.params)) {
    const value = params[field.name];
    // An enum's value with a plan of its own (an output format's, lib/formats.ts), or each value
    // of a set parameter (formats=screenshot, D24), counts when it is asked for.
    const asked = !given.has(field.name) ? [] : Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
    for (const item of asked) {
      const valuePlan = field.valuePlans?.[item as string];
      if (valuePlan && !planAtLeast(plan, valuePlan))
        throw new ApiError(
          "plan_upgrade_required",
          `${field.name}=${String(item)} requires the ${PLANS[valuePlan].name} plan or higher.`,
          { param: field.name },
        );
    }
    if (!field.plan || planAtLeast(plan, field.plan) || !given.has(field.name)) continue;
    if (field.default !== undefined && params[field.name] === field.default) continue;
    throw new ApiError(
      "plan_upgrade_required",
      `${field.name} requires the ${PLANS[field.plan].name} plan or higher.`,
      {
        param: field.name,
      },
    );
  }
}

/**
 * A key restricted to some render endpoints (D15, set in the dashboard) is refused the others,
 * after the 400s. /v1/usage renders nothing and stays open to every key of the account.
 */
export function enforceKeyLimits(spec: EndpointSpec, caller: Caller): void {
  const allowed = caller.keyLimits?.allowedEndpoints;
  const counted = spec.keyEndpoint ?? spec.id;
  if (allowed && isRenderEndpoint(counted) && !allowed.includes(counted)) {
    throw new ApiError(
      "endpoint_not_allowed",
      `This API key may call only ${allowed.map((id) => ENDPOINTS[id].name).join(" and ")}, not ${ENDPOINTS[spec.id].name}.`,
    );
  }
}
