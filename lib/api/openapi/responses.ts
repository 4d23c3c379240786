/**
 * The shared parts of the OpenAPI document's answers (D31): the response headers (D4, D6, D14,
 * D18), the D1 problem+json body and one error response per HTTP status built from ERROR_CODES,
 * the 304 and HEAD twins of a render (D15), and the fields every render's JSON metadata has (D7).
 */
import { ApiError, ERROR_CODES, problemBody, type ErrorCode } from "@/lib/vocabulary/errors";
import {
  jsonContent,
  type Header,
  type Operation,
  type Reference,
  type Response,
  type Responses,
  type Schema,
  type Security,
} from "./types";

/** The D1 problem+json body. */
export const PROBLEM_SCHEMA: Schema = {
  type: "object",
  description: "RFC 9457 problem details. `type` links to the error's section of the docs.",
  required: ["type", "title", "status", "detail", "code"],
  properties: {
    type: { type: "string", format: "uri", examples: ["https://glance.example/docs/errors#invalid_parameter"] },
    title: { type: "string", description: "The HTTP reason phrase.", examples: ["Bad Request"] },
    status: { type: "integer", examples: [400] },
    detail: {
      type: "string",
      description: "What went wrong, for a human.",
      examples: ["width must be between 1 and 3840."],
    },
    code: { type: "string", enum: Object.keys(ERROR_CODES), description: "Stable machine-readable code." },
    param: { type: "string", description: "The query parameter at fault, when there is one.", examples: ["width"] },
    kind: {
      type: "string",
      enum: ["challenge", "captcha", "login_wall"],
      description: "On target_blocked: what the target showed instead of its content (also X-Target-Blocked).",
    },
    signals: {
      type: "array",
      items: { type: "string" },
      description: "On target_blocked: the signals that named it, as vendor:signal (e.g. cloudflare:cf-mitigated).",
      examples: [["cloudflare:cf-mitigated", "cloudflare:challenge-form"]],
    },
    requestId: { type: "string", description: "Same as the X-Request-Id header." },
    upgradeUrl: {
      type: "string",
      format: "uri",
      description:
        "On plan_upgrade_required and quota_exceeded: the pricing page, where a higher plan lifts the error.",
    },
  },
};

const int = (description: string): Header => ({ description, schema: { type: "integer" } });

export function headers(): Record<string, Header> {
  return {
    XCache: {
      description: "HIT when served from the cache, MISS when freshly rendered.",
      schema: { type: "string", enum: ["HIT", "MISS"] },
    },
    XRenderTime: int("Render duration in milliseconds (of the original render on a HIT)."),
    XImageSize: int("File size in bytes."),
    ETag: {
      description:
        "Binary answers: a strong validator (the SHA-256 of the bytes). Send it back in If-None-Match: a match is a 304 without a body, and on a cache hit nothing is rendered or counted.",
      schema: { type: "string" },
    },
    CacheControl: {
      description:
        "Binary answers: `private, max-age=<seconds the result stays cached>` with an API key; `public, max-age=<up to the plan's cache TTL, never past expires>` for a signed URL, plus `immutable` when the URL pins the bytes (a built-in OG template without a remote image). JSON answers: `no-store`.",
      schema: { type: "string" },
    },
    XTargetStatus: int(
      "Screenshots: the HTTP status the target's main document answered with (of the original render on a HIT). Also on a 422 target_http_error.",
    ),
    XTargetBlocked: {
      description:
        "Screenshots: what the target showed instead of its content (D23) — challenge, captcha or login_wall with allowBlocked=true, http_error for an error page captured with failOnHttpError=false. Also on a 422 target_blocked.",
      schema: { type: "string", enum: ["challenge", "captcha", "login_wall", "http_error"] },
    },
    XCaptureComplete: {
      description:
        "Screenshots: whether the capture is complete (D36) — the whole page captured where fullPage asked for it, no image or font still loading, no request that could change the picture open, the page not changing in its last 500 ms. Also on a 422 capture_incomplete. Of the original render on a HIT.",
      schema: { type: "string", enum: ["true", "false"] },
    },
    XCaptureIncomplete: {
      description:
        "Screenshots, when X-Capture-Complete is false: why, comma-separated — height_limit, images_pending, fonts_pending, requests_open, dom_changing (`completeness.reasons` in the JSON metadata).",
      schema: { type: "string" },
    },
    RateLimitLimit: int(
      "Requests allowed per minute: the account's plan (all keys together); on a 401, a refused signed URL and on the endpoints that need no key, the allowance of the client address.",
    ),
    RateLimitRemaining: int("Requests left in the current one-minute window."),
    RateLimitReset: int("Seconds until the window resets."),
    RetryAfter: int("Seconds to wait before retrying (429 only)."),
    XQuotaLimit: int(
      "Renders (cache misses) the account's plan allows per monthly period. Sent on every answer to a request with a valid key, errors included; not to a signed URL, whose answer is public.",
    ),
    XQuotaRemaining: int("Renders left this period, after this request's own render if it made one."),
    XQuotaReset: int("Seconds until the period (the UTC calendar month) ends and the renders reset."),
    XRequestId: { description: "Identifies the request in logs; quote it to support.", schema: { type: "string" } },
  };
}

const ref = (name: string): Reference => ({ $ref: `#/components/headers/${name}` });

export const RATE_HEADERS = {
  "RateLimit-Limit": ref("RateLimitLimit"),
  "RateLimit-Remaining": ref("RateLimitRemaining"),
  "RateLimit-Reset": ref("RateLimitReset"),
  "X-Request-Id": ref("XRequestId"),
};

/** On every answer to a request with a valid key (D18); the 401s and keyless endpoints have none. */
const QUOTA_HEADERS = {
  "X-Quota-Limit": ref("XQuotaLimit"),
  "X-Quota-Remaining": ref("XQuotaRemaining"),
  "X-Quota-Reset": ref("XQuotaReset"),
};

/** Every answer to a request with a valid key: the rate window (D4) and the quota (D18). */
export const KEYED_HEADERS = { ...RATE_HEADERS, ...QUOTA_HEADERS };

/** A keyed JSON answer: what it is, the keyed headers, and its component schema. */
export function keyedJson(description: string, schema: string): Response {
  return { description, headers: { ...KEYED_HEADERS }, content: jsonContent(schema) };
}

export const RENDER_HEADERS = {
  "X-Cache": ref("XCache"),
  "X-Render-Time": ref("XRenderTime"),
  "X-Image-Size": ref("XImageSize"),
  ETag: ref("ETag"),
  "Cache-Control": ref("CacheControl"),
  ...RATE_HEADERS,
  ...QUOTA_HEADERS,
};

/** A render endpoint's 304 (D15): the validators and cache headers of the 200 it stands for, no body. */
export const NOT_MODIFIED: Response = {
  description: "Not modified: If-None-Match matched the ETag. No body; on a cache hit nothing was rendered or counted.",
  headers: { ETag: ref("ETag"), "Cache-Control": ref("CacheControl"), "X-Cache": ref("XCache"), ...RATE_HEADERS },
};

/** A HEAD's answers (D15): a GET's statuses and headers, never a body. */
function withoutBodies(responses: Responses): Responses {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      "$ref" in response ? response : { description: response.description, headers: response.headers },
    ]),
  );
}

/**
 * The HEAD twin of a render GET (D15): the same pipeline, parameters, statuses and headers, no
 * body — what crawlers send to check an og:image.
 */
export function headOf(get: Operation, operationId: string): Operation {
  return {
    operationId,
    tags: get.tags,
    summary: `${String(get.summary)}: headers only`,
    description:
      "The same request as GET, answered with the same status and headers and no body. A HEAD of a result not cached yet renders it, so the GET that follows is a cache hit.",
    parameters: get.parameters,
    security: get.security,
    responses: withoutBodies(get.responses ?? {}),
  };
}

/** A GET render answers with an API key or, for public HTML, a signed URL (D15). */
export const KEY_OR_SIGNED_URL: Security[] = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }, { SignedUrl: [] }];

/** A required JSON request body with this schema (POST /v1/screenshot, the jobs, the webhook events). */
export function jsonRequestBody(schema: Schema): {
  required: true;
  content: { "application/json": { schema: Schema } };
} {
  return { required: true, content: { "application/json": { schema } } };
}

/**
 * One response per status for the given codes, each code an example body built by the same
 * problemBody() the API answers with (so `type` links are the real ones).
 */
/** What any keyed operation may answer before it reads the request itself (D5). */
export const KEY_ERRORS: readonly ErrorCode[] = [
  "missing_api_key",
  "invalid_api_key_format",
  "invalid_api_key",
  "api_key_paused",
];

/** A JSON body's and the parameters' 400s, in the order D2 checks them. */
const REQUEST_ERRORS: readonly ErrorCode[] = [
  "invalid_body",
  "payload_too_large",
  "unsupported_media_type",
  "missing_parameter",
  "invalid_parameter",
  "parameter_out_of_range",
  "unknown_parameter",
];

/** A page url refused before anything renders (D9, D10). */
const TARGET_ERRORS: readonly ErrorCode[] = ["unsupported_url", "private_address", "target_unreachable"];

/** Everything a keyed request naming a page may be refused with before it reads the page: key, input, target. */
export const PAGE_REQUEST_ERRORS: readonly ErrorCode[] = [...KEY_ERRORS, ...REQUEST_ERRORS, ...TARGET_ERRORS];

export function errorResponses(codes: readonly ErrorCode[]): Record<string, Response> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Response> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    // Every answer carries RateLimit-* (D4): the account's, or for a 401 the client address's.
    const responseHeaders: Record<string, Reference> = { ...RATE_HEADERS };
    if (status === 429) responseHeaders["Retry-After"] = ref("RetryAfter");
    out[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].summary}`).join(" "),
      headers: responseHeaders,
      content: {
        "application/problem+json": {
          schema: { $ref: "#/components/schemas/Problem" },
          examples: Object.fromEntries(
            list.map((code) => [
              code,
              {
                summary: ERROR_CODES[code].summary,
                value: problemBody(new ApiError(code, ERROR_CODES[code].summary)),
              },
            ]),
          ),
        },
      },
    };
  }
  return out;
}

/** Answered to the site's pages and forms only, never under /v1 (D1): named on /docs/errors. */
export const PAGES_ONLY: readonly ErrorCode[] = ["bad_request"];
const ALL_CODES = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => !PAGES_ONLY.includes(c));
/** Codes of the account, files, job, diff and monitor endpoints, which no render answers with. */
const NOT_RENDER: readonly ErrorCode[] = [
  "not_found",
  "job_not_found",
  "monitor_not_found",
  "monitor_limit_reached",
  "result_not_found",
  "storage_not_configured",
  "storage_upload_failed",
  "api_key_revoked",
  "oauth_grant_revoked",
];
/** Only a recording grows a file past a limit (D26). */
export const RECORDING_ONLY: readonly ErrorCode[] = ["output_too_large"];
/** Only a screenshot (and a comparison's captures) reports its completeness and can require it (D36). */
export const CAPTURE_ONLY: readonly ErrorCode[] = ["capture_incomplete"];
/** Only a screenshot's format=pdf converts a PDF (pdfStandard, D19). */
export const PDF_ONLY: readonly ErrorCode[] = ["pdf_conversion_failed"];
/** Only a POST body can be these (D19). */
export const BODY_ONLY: readonly ErrorCode[] = ["invalid_body", "payload_too_large", "unsupported_media_type"];

/** Every code a render endpoint can answer with but the `excluded` ones, in ERROR_CODES order. */
export function renderErrorCodes(excluded: readonly ErrorCode[]): ErrorCode[] {
  return ALL_CODES.filter((c) => !NOT_RENDER.includes(c) && !excluded.includes(c));
}
