/**
 * GET /v1/og as the pipeline sees it: the schema (lib/og/params.ts), Pro and up (D3), and the
 * validate step, which checks the template and its variables (lib/og/variables.ts) so a bad
 * template or variable is a 400 before the Pro gate's 403 (D2). What it validated is handed to
 * the handler.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { ogParams } from "@/lib/og/params";
import { type ValidatedTemplate, validateVariables } from "@/lib/og/variables";

export const ogEndpoint = {
  id: "og",
  params: ogParams,
  extras: "collect",
  minPlan: "pro",
  validate: (params, { extras }) => validateVariables(params.template, extras),
} as const satisfies EndpointSpec<typeof ogParams, ValidatedTemplate>;
