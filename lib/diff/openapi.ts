/**
 * GET and POST /v1/diff in the OpenAPI document (D27, D31), declared beside the endpoint and
 * built from its own schema (lib/diff/params.ts) and answer shape (lib/diff/schema.ts).
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { jsonBodySchema, queryParameters } from "@/lib/api/openapi/params";
import { errorResponses, jsonRequestBody, keyedJson, PAGE_REQUEST_ERRORS } from "@/lib/api/openapi/responses";
import type { EndpointDoc } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { DIFF_BODY_MAX_BYTES, diffParams } from "./params";
import { diffResponseSchema } from "./schema";

/** A comparison captures like /v1/screenshot, so it can fail like it; compareTo adds its own 404s. */
const DIFF_ERRORS: readonly ErrorCode[] = [
  ...PAGE_REQUEST_ERRORS,
  "selector_not_found",
  "target_http_error",
  "capture_incomplete",
  "plan_upgrade_required",
  "endpoint_not_allowed",
  "monitor_not_found",
  "result_not_found",
  "rate_limited",
  "quota_exceeded",
  "key_render_cap_reached",
  "internal_error",
  "renderer_unavailable",
  "renderer_busy",
  "shutting_down",
  "render_timeout",
];

export function diffDoc(appUrl: string): EndpointDoc {
  const ok = keyedJson("The comparison.", "Diff");
  const description =
    "Captures `url` now and compares it with `compareUrl` captured with the same options, or with a stored image (`compareTo`: a monitor's baseline or a stored result). " +
    "Both captures are PNG and go through the screenshot cache (send fresh=true to capture again); each one rendered counts one render.";
  return {
    tags: [
      {
        name: "Visual diffs and monitors",
        description: "Compare a page with another or with a stored image; watch a page on a schedule.",
      },
    ],
    schemas: { Diff: zodSchema(diffResponseSchema) },
    paths: {
      "/v1/diff": {
        get: {
          operationId: "diffPages",
          tags: ["Visual diffs and monitors"],
          summary: "Compare a page with another page or a stored image",
          description,
          externalDocs: { url: `${appUrl}/docs/monitors` },
          parameters: queryParameters(diffParams),
          responses: { "200": ok, ...errorResponses(DIFF_ERRORS) },
        },
        post: {
          operationId: "diffPagesFromBody",
          tags: ["Visual diffs and monitors"],
          summary: "Compare a page (parameters as a JSON body)",
          description: `${description} The same parameters as GET, as one JSON object.`,
          requestBody: jsonRequestBody(jsonBodySchema(diffParams, DIFF_BODY_MAX_BYTES)),
          responses: { "200": ok, ...errorResponses(DIFF_ERRORS) },
        },
      },
    },
  };
}
