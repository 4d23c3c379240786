/** GET /v1/usage in the OpenAPI document (D18, D31), declared beside the endpoint. */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { errorResponses, KEY_ERRORS, keyedJson } from "@/lib/api/openapi/responses";
import type { EndpointDoc } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { usageResponseSchema } from "@/lib/usage/schema";

const USAGE_ERROR_CODES: readonly ErrorCode[] = [
  ...KEY_ERRORS,
  "unknown_parameter",
  "invalid_parameter",
  "rate_limited",
  "internal_error",
];

export function usageDoc(appUrl: string): EndpointDoc {
  return {
    tags: [{ name: "Account", description: "The calling account's plan and usage." }],
    schemas: { Usage: zodSchema(usageResponseSchema) },
    paths: {
      "/v1/usage": {
        get: {
          operationId: "getUsage",
          tags: ["Account"],
          summary: "Plan, quota period, renders used and left, rate window",
          description: "Counts against the rate limit like any request, never against the render quota.",
          externalDocs: { url: `${appUrl}/docs/limits` },
          responses: { "200": keyedJson("The account's usage.", "Usage"), ...errorResponses(USAGE_ERROR_CODES) },
        },
      },
    },
  };
}
