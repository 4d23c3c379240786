/**
 * API errors as RFC 9457 problem details (D1). Every non-2xx answer of /v1/* is built
 * here, so the body shape, the `type` URL and the status-to-title mapping exist once.
 */
import { env } from "@/lib/env";

export const ERROR_CODES = {
  missing_api_key: { status: 401, summary: "No API key was sent." },
  invalid_api_key_format: { status: 401, summary: "The API key is not of the form sk_live_ + 32 characters." },
  invalid_api_key: { status: 401, summary: "The API key is unknown or has been revoked." },
  api_key_paused: { status: 401, summary: "The key is beyond the plan's key limit after a downgrade; choose the keys to keep in the dashboard." },
  missing_parameter: { status: 400, summary: "A required query parameter is missing." },
  invalid_parameter: { status: 400, summary: "A query parameter has the wrong type or format, or was given twice." },
  parameter_out_of_range: { status: 400, summary: "A numeric query parameter is outside its allowed range." },
  malformed_query: { status: 400, summary: "The request's URL or headers hold bytes HTTP does not allow (percent-encode them)." },
  unknown_parameter: { status: 400, summary: "The endpoint does not accept this query parameter (check its spelling)." },
  unsupported_url: { status: 400, summary: "The target URL is not a valid http or https URL." },
  private_address: { status: 400, summary: "The target resolves to a private, loopback or otherwise non-public address." },
  target_unreachable: { status: 400, summary: "The target host could not be resolved or connected to." },
  template_not_found: { status: 400, summary: "No OG template has this name." },
  invalid_variable: { status: 400, summary: "A template variable is unknown, missing, or has an invalid value." },
  plan_upgrade_required: { status: 403, summary: "The parameter or endpoint needs a higher plan." },
  invalid_signature: { status: 403, summary: "The signed URL's signature does not match its parameters and key." },
  signature_expired: { status: 403, summary: "The signed URL's expires time has passed." },
  endpoint_not_allowed: { status: 403, summary: "The API key is restricted to other endpoints." },
  not_found: { status: 404, summary: "No such resource (or it has expired)." },
  method_not_allowed: { status: 405, summary: "The API answers GET only." },
  request_timeout: { status: 408, summary: "The client did not send its request in time." },
  request_too_large: { status: 431, summary: "The URL and headers together are larger than the server accepts." },
  rate_limited: { status: 429, summary: "Too many requests this minute for the account's plan." },
  quota_exceeded: { status: 429, summary: "The account's monthly render quota is used up." },
  key_render_cap_reached: { status: 429, summary: "The API key's own monthly render cap is used up." },
  internal_error: { status: 500, summary: "Something failed on our side. The request id helps support find it." },
  renderer_unavailable: { status: 502, summary: "No browser could be reached to render the page." },
  renderer_busy: { status: 503, summary: "Every renderer is busy and the request could not start in time; retry after Retry-After seconds." },
  render_timeout: { status: 504, summary: "Rendering did not finish within the time allowed." },
} as const satisfies Record<string, { status: number; summary: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param?: string;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail: string, options: { param?: string; headers?: Record<string, string> } = {}) {
    super(detail);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  param?: string;
  requestId?: string;
}

/** The reason phrase of a status the API answers with. */
export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? "Error";
}

export function problemBody(error: ApiError, requestId?: string): ProblemBody {
  return {
    type: `${env().APP_URL}/docs/errors#${error.code}`,
    title: reasonPhrase(error.status),
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.param ? { param: error.param } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

export function problemResponse(error: ApiError, requestId?: string, headers: HeadersInit = {}): Response {
  const out = new Headers(headers);
  out.set("Content-Type", "application/problem+json");
  out.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(error.headers)) out.set(name, value);
  return new Response(JSON.stringify(problemBody(error, requestId)), { status: error.status, headers: out });
}

/** Anything that is not an ApiError becomes a bare 500: no message, no stack (D1). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError("internal_error", "An unexpected error occurred. Please retry; contact support with the request id if it persists.");
}
