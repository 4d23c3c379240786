/**
 * The OpenAPI 3.1 document served at /v1/openapi.json. Parameters come from the endpoint schemas,
 * errors from ERROR_CODES, plan notes from PLANS: editing any of those updates this document.
 */
import { ERROR_CODES, type ErrorCode } from "@/lib/api/errors";
import { OG_TEMPLATE_NAMES } from "@/lib/og/catalog";
import { ogParams } from "@/lib/og/params";
import { PLANS } from "@/lib/plans";
import { screenshotParams } from "@/lib/screenshot/params";
import { usageResponseSchema } from "@/lib/usage/schema";
import { batchResponseSchema, jobResponseSchema } from "@/lib/jobs/schema";
import { jobPaths } from "./jobs";
import { watchPaths, watchSchemas } from "./watch";
import { webhookOperations } from "./webhooks";
import { z } from "zod";
import {
  errorResponses,
  headers,
  jsonRequestBody,
  NOT_MODIFIED,
  QUOTA_HEADERS,
  RATE_HEADERS,
  RENDER_HEADERS,
  schemas,
  withoutBodies,
} from "./components";
import { jsonBodySchema, ogVariablesParameter, queryParameters, type JsonSchema } from "./params";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";

/** Codes only one of the two render endpoints can answer with; every other API code applies to both. */
const OG_ONLY: readonly ErrorCode[] = ["template_not_found", "invalid_variable"];
// OG collects unknown parameters as template variables, and fetches images through the
// invalid_variable path, so the URL/target codes are screenshot-only.
const SCREENSHOT_ONLY: readonly ErrorCode[] = [
  "unknown_parameter",
  "unsupported_url",
  "private_address",
  "target_unreachable",
  "selector_not_found",
  "target_http_error",
];
const NOT_RENDER: readonly ErrorCode[] = [
  "not_found",
  "job_not_found",
  "monitor_not_found",
  "result_not_found",
  "storage_not_configured",
  "storage_upload_failed",
];
/** Only a POST body can be these (D19); only /v1/screenshot takes one. */
const BODY_ONLY: readonly ErrorCode[] = ["invalid_body", "payload_too_large", "unsupported_media_type"];

const ALL_CODES = Object.keys(ERROR_CODES) as ErrorCode[];
const USAGE_ERROR_CODES: readonly ErrorCode[] = [
  "missing_api_key",
  "invalid_api_key_format",
  "invalid_api_key",
  "api_key_paused",
  "unknown_parameter",
  "invalid_parameter",
  "rate_limited",
  "internal_error",
];
export const SCREENSHOT_ERROR_CODES = ALL_CODES.filter((c) => !OG_ONLY.includes(c) && !NOT_RENDER.includes(c));
export const OG_ERROR_CODES = ALL_CODES.filter(
  (c) => !SCREENSHOT_ONLY.includes(c) && !NOT_RENDER.includes(c) && !BODY_ONLY.includes(c),
);

const binary = (mediaType: string) => ({ schema: { type: "string", contentMediaType: mediaType } });
const json = (name: string) => ({ schema: { $ref: `#/components/schemas/${name}` } });

/** A capture's 200, GET or POST: the same formats and headers, X-Target-Status included. */
const screenshotOk = (description: string) => ({
  description,
  headers: { ...RENDER_HEADERS, "X-Target-Status": { $ref: "#/components/headers/XTargetStatus" } },
  content: {
    "image/png": binary("image/png"),
    "image/jpeg": binary("image/jpeg"),
    "image/webp": binary("image/webp"),
    "application/pdf": binary("application/pdf"),
    "application/json": json("ScreenshotMetadata"),
  },
});

const planList = Object.values(PLANS)
  .map(
    (p) =>
      `${p.name} ($${p.priceUsdPerMonth}/month): ${p.requestsPerMinute} requests/minute, ${p.rendersPerMonth.toLocaleString("en-US")} renders/month, ${p.cacheTtlDays}-day cache`,
  )
  .join("; ");

/** A GET render answers with an API key or, for public HTML, a signed URL (D15). */
const KEY_OR_SIGNED_URL = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }, { SignedUrl: [] }];

/**
 * The HEAD twin of a render GET (D15): the same pipeline, parameters, statuses and headers, no
 * body — what crawlers send to check an og:image.
 */
function headOf(get: JsonSchema, operationId: string): JsonSchema {
  return {
    operationId,
    tags: get.tags,
    summary: `${String(get.summary)}: headers only`,
    description:
      "The same request as GET, answered with the same status and headers and no body. A HEAD of a result not cached yet renders it, so the GET that follows is a cache hit.",
    parameters: get.parameters,
    security: get.security,
    responses: withoutBodies(get.responses as Record<string, JsonSchema>),
  };
}

export function buildOpenApiDocument(appUrl: string): JsonSchema {
  const screenshotGet = {
    operationId: "captureScreenshot",
    tags: ["Screenshots"],
    summary: "Capture a web page",
    description:
      "Renders `url` in a fresh browser context and returns the image or PDF, or JSON metadata with `response=json`. " +
      "With an API key, or as a signed URL for public HTML (`key_id`, `expires`, `signature`).",
    externalDocs: { url: `${appUrl}/docs/screenshot` },
    parameters: queryParameters(screenshotParams),
    security: KEY_OR_SIGNED_URL,
    responses: {
      "200": screenshotOk("The image or PDF (default), or its metadata (`response=json`)."),
      "304": NOT_MODIFIED,
      ...errorResponses(SCREENSHOT_ERROR_CODES),
    },
  };
  const ogGet = {
    operationId: "renderOgImage",
    tags: ["Open Graph images"],
    summary: "Render an Open Graph image",
    description:
      `Renders a template (${OG_TEMPLATE_NAMES.join(", ")}) with the given variables. Requires the Pro plan or higher. ` +
      "In public HTML (an og:image tag, an <img src>) use a signed URL (`key_id`, `expires`, `signature`), never the API key.",
    externalDocs: { url: `${appUrl}/docs/og` },
    parameters: [...queryParameters(ogParams), ogVariablesParameter()],
    security: KEY_OR_SIGNED_URL,
    responses: {
      "200": {
        description: "The image (default) or its metadata (`response=json`).",
        headers: RENDER_HEADERS,
        content: {
          "image/png": binary("image/png"),
          "image/jpeg": binary("image/jpeg"),
          "image/webp": binary("image/webp"),
          "application/json": json("OgMetadata"),
        },
      },
      "304": NOT_MODIFIED,
      ...errorResponses(OG_ERROR_CODES),
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Glance API",
      version: "1.0.0",
      summary: "Screenshots, PDFs and Open Graph images with one GET request.",
      description:
        "Every request carries an API key (X-API-Key header, preferred, or api_key query parameter); in public HTML, a GET of " +
        "/v1/og or /v1/screenshot is a signed URL instead (key_id, optional expires, signature: see the Signed URLs guide). Results are " +
        `cached per account for the plan's TTL; cache hits do not count against the monthly renders. Plans: ${planList}. ` +
        "Every error is application/problem+json (RFC 9457) whose `type` links to its entry in the errors guide.",
    },
    servers: [{ url: appUrl }],
    externalDocs: { description: "Guides and a live playground", url: `${appUrl}/docs` },
    security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
    tags: [
      { name: "Screenshots", description: "Capture a public web page as PNG, JPEG, WebP or PDF." },
      { name: "Open Graph images", description: "Render a social card from a template (Pro plan or higher)." },
      { name: "Files", description: "Stored results, addressed by an unguessable key." },
      {
        name: "Async jobs",
        description: "Hand a render over and get its outcome later: poll the job or receive a webhook.",
      },
      {
        name: "Visual diffs and monitors",
        description: "Compare a page with another or with a stored image; watch a page on a schedule.",
      },
      { name: "Account", description: "The calling account's plan and usage." },
    ],
    paths: {
      "/v1/screenshot": {
        get: screenshotGet,
        head: headOf(screenshotGet, "captureScreenshotHead"),
        post: {
          operationId: "captureScreenshotFromBody",
          tags: ["Screenshots"],
          summary: "Capture a web page or HTML (parameters as a JSON body)",
          description:
            "The same capture as GET, with the parameters as one JSON object instead of a query string, validated by the same schema: a body and a query that say the same thing share one cached result. " +
            "Give `url`, or `html` (the page itself, e.g. an invoice to print with `format=pdf`). Keeps headers, cookies and large inputs out of URLs.",
          externalDocs: { url: `${appUrl}/docs/screenshot#post` },
          requestBody: jsonRequestBody(jsonBodySchema(screenshotParams, SCREENSHOT_BODY_MAX_BYTES)),
          responses: {
            "200": screenshotOk(
              "The image or PDF (default), or its metadata (`response=json`; `htmlSha256` instead of `url` for html).",
            ),
            ...errorResponses(SCREENSHOT_ERROR_CODES),
          },
        },
      },
      "/v1/og": {
        get: ogGet,
        head: headOf(ogGet, "renderOgImageHead"),
      },
      "/v1/usage": {
        get: {
          operationId: "getUsage",
          tags: ["Account"],
          summary: "Plan, quota period, renders used and left, rate window",
          description: "Counts against the rate limit like any request, never against the render quota.",
          externalDocs: { url: `${appUrl}/docs/limits` },
          responses: {
            "200": {
              description: "The account's usage.",
              headers: { ...RATE_HEADERS, ...QUOTA_HEADERS },
              content: { "application/json": json("Usage") },
            },
            ...errorResponses(USAGE_ERROR_CODES),
          },
        },
      },
      ...jobPaths(appUrl),
      ...watchPaths(appUrl),
      "/v1/og/templates": {
        get: {
          operationId: "listOgTemplates",
          tags: ["Open Graph images"],
          summary: "List OG templates and their variables",
          security: [],
          responses: {
            "200": {
              description: "Every template with its variables.",
              headers: RATE_HEADERS,
              content: { "application/json": json("OgTemplateList") },
            },
            ...errorResponses(["rate_limited"]),
          },
        },
      },
      "/v1/files/{file}": {
        get: {
          operationId: "getFile",
          tags: ["Files"],
          summary: "Download a stored result",
          description:
            "The `imageUrl` of a JSON response. No API key: the 256-bit key in the name is the capability. " +
            "Served with `Cache-Control: public, max-age=<seconds left>, immutable` and an ETag; 404 once expired.",
          security: [],
          parameters: [
            {
              name: "file",
              in: "path",
              required: true,
              description: "64 hexadecimal characters, a dot and the format's extension.",
              schema: { type: "string", pattern: "^[0-9a-f]{64}\\.(png|jpg|webp|pdf)$" },
            },
          ],
          responses: {
            "200": {
              description: "The stored file.",
              headers: {
                "Cache-Control": {
                  description: "public, max-age=<seconds until expiry>, immutable",
                  schema: { type: "string" },
                },
                ETag: { description: "Strong validator of the bytes.", schema: { type: "string" } },
                ...RATE_HEADERS,
              },
              content: {
                "image/png": binary("image/png"),
                "image/jpeg": binary("image/jpeg"),
                "image/webp": binary("image/webp"),
                "application/pdf": binary("application/pdf"),
              },
            },
            "304": { description: "Not modified (If-None-Match matched the ETag).", headers: RATE_HEADERS },
            ...errorResponses(["not_found", "rate_limited"]),
          },
        },
      },
    },
    webhooks: webhookOperations(),
    components: {
      securitySchemes: {
        ApiKeyHeader: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "Preferred: keeps the key out of logs and history.",
        },
        ApiKeyQuery: {
          type: "apiKey",
          in: "query",
          name: "api_key",
          description:
            "For server-side clients that cannot set headers. Never in public HTML: use a signed URL (key_id, expires, signature) there.",
        },
        SignedUrl: {
          type: "apiKey",
          in: "query",
          name: "signature",
          description: `A signed URL (GET and HEAD of /v1/og and /v1/screenshot): key_id (the key's public id), optional expires (unix seconds) and signature, the hex HMAC-SHA256 of the canonical query under the key's signing secret. Carries no API key; safe in public HTML. Guide: ${appUrl}/docs/signed-urls`,
        },
      },
      schemas: {
        ...schemas(),
        Usage: z.toJSONSchema(usageResponseSchema, { target: "draft-2020-12" }) as JsonSchema,
        Job: z.toJSONSchema(jobResponseSchema, { target: "draft-2020-12" }) as JsonSchema,
        JobBatch: z.toJSONSchema(batchResponseSchema, { target: "draft-2020-12" }) as JsonSchema,
        ...watchSchemas(),
      },
      headers: headers(),
    },
  };
}
