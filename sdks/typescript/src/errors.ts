import type { ErrorCode, Problem } from "./types.js";

/**
 * An error answer of the API: the problem+json body (RFC 9457) with its stable `code`, or, when
 * something other than the API answered (a proxy's HTML page), the status with `code` "http_error".
 */
export class GlanceError extends Error {
  readonly status: number;
  readonly code: ErrorCode | "http_error";
  readonly title: string;
  readonly detail: string;
  /** The docs' link for this error (`/docs/errors#<code>`). */
  readonly type: string | undefined;
  /** X-Request-Id of the answer: quote it when asking for help. */
  readonly requestId: string | undefined;
  /** Retry-After of the answer, in seconds, when it had one. */
  readonly retryAfter: number | undefined;
  /** The whole problem+json body (some errors add fields, e.g. `limit`). */
  readonly problem: (Problem & Record<string, unknown>) | undefined;

  constructor(init: {
    status: number;
    problem?: Problem & Record<string, unknown>;
    requestId?: string;
    retryAfter?: number;
    fallbackDetail?: string;
  }) {
    const { status, problem } = init;
    const detail = problem?.detail ?? init.fallbackDetail ?? `HTTP ${status}`;
    super(`${status} ${problem?.code ?? "http_error"}: ${detail}`);
    this.name = "GlanceError";
    this.status = status;
    this.code = problem?.code ?? "http_error";
    this.title = problem?.title ?? `HTTP ${status}`;
    this.detail = detail;
    this.type = problem?.type;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.problem = problem;
  }
}

/** A webhook whose headers, timestamp or signature do not verify. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}
