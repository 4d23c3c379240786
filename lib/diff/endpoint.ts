/**
 * /v1/diff as the pipeline sees it (D27): the schema, and the validate step that plans both
 * captures with the screenshot's own planner (so its 400s are the screenshot's, before any 403 or
 * 429, D2) and reads what compareTo names. Key restrictions count a comparison as screenshots.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { ApiError } from "@/lib/vocabulary/errors";
import type { CompareOptions } from "./compare";
import { withProfile } from "@/lib/page/profile";
import { type ComparisonCapture, planComparisonCapture } from "./capture-options";
import { DIFF_BODY_MAX_BYTES, diffParams } from "./params";
import { parseCompareTo, type Reference } from "./reference";

export interface DiffPlan {
  after: ComparisonCapture;
  before: Reference;
  compare: CompareOptions;
}

export const diffEndpoint = {
  id: "diff",
  params: diffParams,
  extras: "reject",
  keyEndpoint: "screenshot",
  jsonBody: { maxBytes: DIFF_BODY_MAX_BYTES },
  validate: async (params, { given, caller }) => {
    if (params.compareUrl === undefined && params.compareTo === undefined)
      throw new ApiError(
        "missing_parameter",
        "Give compareUrl (a page to compare with) or compareTo (a stored result or a monitor's baseline).",
        { param: "compareUrl" },
      );
    if (params.compareUrl !== undefined && params.compareTo !== undefined)
      throw new ApiError("invalid_parameter", "Give compareUrl or compareTo, not both.", { param: "compareTo" });
    // Both captures start from the same saved login (profile=, D43).
    const profiled = async (capture: ComparisonCapture): Promise<ComparisonCapture> => ({
      ...capture,
      plan: await withProfile(capture.plan, params.profile, caller.userId),
    });
    const after = await profiled(planComparisonCapture(params.url, params, given, params.ignoreSelectors));
    const before: Reference =
      params.compareUrl !== undefined
        ? {
            kind: "capture",
            capture: await profiled(planComparisonCapture(params.compareUrl, params, given, params.ignoreSelectors)),
          }
        : parseCompareTo(params.compareTo!);
    return {
      after,
      before,
      compare: { threshold: params.threshold, includeAntialiasing: !params.ignoreAntialiasing },
    };
  },
  targetHost: (params) => new URL(params.url).host,
} as const satisfies EndpointSpec<typeof diffParams, DiffPlan>;
