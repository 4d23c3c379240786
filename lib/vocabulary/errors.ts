/**
 * API errors as RFC 9457 problem details (D1). Every non-2xx answer of /v1/* is built
 * here, so the body shape, the `type` URL and the status-to-title mapping exist once.
 */
import { env } from "@/lib/env";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { ERROR_CODES, type ErrorCode } from "@/lib/vocabulary/error-codes";

export { ERROR_CODES, type ErrorCode } from "@/lib/vocabulary/error-codes";

const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export class ApiError extends BrandedError {
  static readonly brand: string = "glance.ApiError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly param?: string;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;
  /** target_blocked (D23): what stood in the way, and the signals that said so. */
  readonly kind?: string;
  readonly signals?: string[];

  constructor(
    code: ErrorCode,
    detail: string,
    options: { param?: string; headers?: Record<string, string>; kind?: string; signals?: string[] } = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.param = options.param;
    this.headers = options.headers ?? {};
    this.kind = options.kind;
    this.signals = options.signals;
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  param?: string;
  /** target_blocked (D23): challenge, captcha or login_wall, and the signals that said so. */
  kind?: string;
  signals?: string[];
  requestId?: string;
  /** Where to buy a plan that lifts this error (plan gates, the monthly quota). */
  upgradeUrl?: string;
}

/** Errors a higher plan lifts: their problem names the pricing page (issue 20: a path, not a dead end). */
const LIFTED_BY_UPGRADE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(["plan_upgrade_required", "quota_exceeded"]);

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
    ...(error.kind ? { kind: error.kind } : {}),
    ...(error.signals ? { signals: error.signals } : {}),
    ...(requestId ? { requestId } : {}),
    ...(LIFTED_BY_UPGRADE.has(error.code) ? { upgradeUrl: `${env().APP_URL}/pricing` } : {}),
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
  return new ApiError(
    "internal_error",
    "An unexpected error occurred. Please retry; contact support with the request id if it persists.",
  );
}
