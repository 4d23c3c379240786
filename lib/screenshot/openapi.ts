/**
 * GET, HEAD and POST /v1/screenshot in the OpenAPI document (D31): the operations, the JSON
 * metadata (D7, D19) and the error codes a capture can answer with, declared beside the endpoint
 * and built from its one schema; lib/openapi/document.ts puts every endpoint's part together.
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryOrBodyPaths } from "@/lib/api/openapi/operations";
import { jsonBodySchema } from "@/lib/api/openapi/params";
import { zodSchema } from "@/lib/api/openapi/zod";
import { RECORDING_ONLY, RENDER_HEADERS, renderErrorCodes } from "@/lib/api/openapi/responses";
import { binaryContent, jsonContent, type EndpointDoc, type Response, type Schema } from "@/lib/api/openapi/types";
import { formatLabels, formatsOf } from "@/lib/formats";
import { screenshotParams } from "./params";
import { screenshotMetadataSchema } from "./schema";
import { SCREENSHOT_BODY_MAX_BYTES } from "./params-input";

/** Every API code but the OG endpoint's own and those of the account, files and job endpoints. */
export const SCREENSHOT_ERROR_CODES: readonly ErrorCode[] = renderErrorCodes([
  "template_not_found",
  "invalid_variable",
  ...RECORDING_ONLY,
]);

/** The `response=json` answer of a capture (D7, D19, D36), made from its zod schema (schema.ts). */
export const SCREENSHOT_METADATA_SCHEMA: Schema = zodSchema(screenshotMetadataSchema);

/** The 200 of a page render, GET or POST (a capture, a recording): its formats or its JSON metadata, X-Target-Status included. */
export const pageRenderOk =
  (endpoint: "screenshot" | "animate", metadata: string) =>
  (description: string): Response => ({
    description,
    headers: {
      ...RENDER_HEADERS,
      "X-Target-Status": { $ref: "#/components/headers/XTargetStatus" },
      "X-Target-Blocked": { $ref: "#/components/headers/XTargetBlocked" },
      ...(endpoint === "screenshot"
        ? {
            "X-Capture-Complete": { $ref: "#/components/headers/XCaptureComplete" },
            "X-Capture-Incomplete": { $ref: "#/components/headers/XCaptureIncomplete" },
          }
        : {}),
    },
    content: { ...binaryContent(formatsOf(endpoint)), ...jsonContent(metadata) },
  });

/** The body of POST /v1/screenshot, and the `params` of a screenshot job (D20). */
export const screenshotBodySchema = (): Schema => jsonBodySchema(screenshotParams, SCREENSHOT_BODY_MAX_BYTES);

export function screenshotDoc(appUrl: string): EndpointDoc {
  return {
    tags: [{ name: "Screenshots", description: `Capture a public web page as ${formatLabels("screenshot")}.` }],
    schemas: { ScreenshotMetadata: SCREENSHOT_METADATA_SCHEMA },
    paths: {
      "/v1/screenshot": queryOrBodyPaths({
        operationId: "captureScreenshot",
        tag: "Screenshots",
        docsUrl: `${appUrl}/docs/screenshot`,
        params: screenshotParams,
        bodySchema: screenshotBodySchema(),
        errors: SCREENSHOT_ERROR_CODES,
        ok: pageRenderOk("screenshot", "ScreenshotMetadata"),
        get: {
          summary: "Capture a web page",
          description:
            "Renders `url` in a fresh browser context and returns the image or PDF, or JSON metadata with `response=json`. " +
            "With an API key, or as a signed URL for public HTML (`key_id`, `expires`, `signature`).",
          ok: "The image or PDF (default), or its metadata (`response=json`).",
        },
        post: {
          summary: "Capture a web page or HTML (parameters as a JSON body)",
          description:
            "The same capture as GET, with the parameters as one JSON object instead of a query string, validated by the same schema: a body and a query that say the same thing share one cached result. " +
            "Give `url`, or `html` (the page itself, e.g. an invoice to print with `format=pdf`). Keeps headers, cookies and large inputs out of URLs.",
          ok: "The image or PDF (default), or its metadata (`response=json`; `htmlSha256` instead of `url` for html).",
        },
      }),
    },
  };
}
