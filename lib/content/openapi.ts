/**
 * GET, HEAD and POST /v1/content in the OpenAPI document (D24, declared beside the endpoint as
 * D31 has it): the operations built from the one schema, the JSON answer (ContentResult) and the
 * Markdown answer, and the error codes a content render can answer with.
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryOrBodyPaths } from "@/lib/api/openapi/operations";
import { jsonBodySchema } from "@/lib/api/openapi/params";
import { KEYED_HEADERS, PDF_ONLY, CAPTURE_ONLY, renderErrorCodes } from "@/lib/api/openapi/responses";
import { jsonContent, type EndpointDoc, type Response, type Schema } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { contentParams } from "./params";
import { contentResultSchema } from "./schema";

/** Every render code but the OG endpoint's own. */
export const CONTENT_ERROR_CODES: readonly ErrorCode[] = renderErrorCodes([
  "template_not_found",
  "invalid_variable",
  ...PDF_ONLY,
  ...CAPTURE_ONLY,
]);

/** The JSON answer of /v1/content as JSON Schema: its zod schema's (lib/content/schema.ts), for OpenAPI and the docs page. */
export const CONTENT_RESULT_SCHEMA: Schema = zodSchema(contentResultSchema);

const contentOk = (description: string): Response => ({
  description,
  headers: {
    "X-Cache": { $ref: "#/components/headers/XCache" },
    "X-Render-Time": { $ref: "#/components/headers/XRenderTime" },
    "X-Target-Status": { $ref: "#/components/headers/XTargetStatus" },
    ...KEYED_HEADERS,
  },
  content: {
    ...jsonContent("ContentResult"),
    "text/markdown": {
      schema: {
        type: "string",
        description: "response=markdown or Accept: text/markdown, with formats=markdown alone.",
      },
    },
  },
});

export function contentDoc(appUrl: string): EndpointDoc {
  return {
    tags: [
      { name: "Page content", description: "A page as data for AI pipelines: Markdown, HTML, text, links, metadata." },
    ],
    schemas: { ContentResult: CONTENT_RESULT_SCHEMA },
    paths: {
      "/v1/content": queryOrBodyPaths({
        operationId: "getPageContent",
        tag: "Page content",
        docsUrl: `${appUrl}/docs/content`,
        params: contentParams,
        bodySchema: contentBodySchema(),
        errors: CONTENT_ERROR_CODES,
        ok: contentOk,
        get: {
          summary: "Read a web page as Markdown, HTML, text, links and metadata",
          description:
            "Renders `url` in a fresh, guarded browser, scrolls lazy content into view, and returns every asked format from that one render as JSON — or, for formats=markdown alone with `response=markdown` or `Accept: text/markdown`, the Markdown itself. One render counts once, whatever the formats.",
          ok: "The page as data (JSON), or its Markdown.",
        },
        post: {
          summary: "Read a web page or HTML (parameters as a JSON body)",
          description:
            "The same as GET, with the parameters as one JSON object (formats as an array): give `url`, or `html` (the page itself). A body and a query that say the same thing share one cached result.",
          ok: "The page as data (JSON), or its Markdown.",
        },
      }),
    },
  };
}

/** The body of POST /v1/content, and the `params` of a content job (D20). */
export const contentBodySchema = (): Schema => jsonBodySchema(contentParams, SCREENSHOT_BODY_MAX_BYTES);
