/**
 * The app's answer, corrected where it would break the error contract (D1, D17) before a byte of
 * it is sent. Next answers some requests itself, outside any route of ours: an empty 405 (no
 * Allow) for a method a route does not export, an empty 400 for OPTIONS on a dynamic page, a
 * plain-text or RSC 500 for a server-action post it cannot decode. Those leave here as
 * problem+json with the same status (a 500 of a server-action post becomes the 400 it is), and
 * everything else passes untouched.
 *
 * The answer's head is held back only while it could still be replaced: for an error answer not
 * already problem+json, until its first byte of body (an empty body is rewritten) — a few
 * microseconds, never a buffered body.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { ApiError, type ErrorCode, problemBody } from "@/lib/vocabulary/errors";
import { requestIdFrom } from "@/lib/api/request-id";
import { log } from "@/lib/log";

/** What an empty error answer of the app becomes, by status. Other statuses pass as they are. */
const EMPTY_ANSWERS: Record<number, { code: ErrorCode; detail: string }> = {
  400: { code: "bad_request", detail: "The request could not be read as sent." },
  404: { code: "not_found", detail: "Nothing here." },
  405: {
    code: "method_not_allowed",
    detail: "This path does not answer this method; the Allow header lists those it does.",
  },
  413: { code: "payload_too_large", detail: "The request body is larger than this path accepts." },
  415: { code: "unsupported_media_type", detail: "The request body's content type is not accepted here." },
  500: {
    code: "internal_error",
    detail: "An unexpected error occurred. Please retry; contact support with the request id if it persists.",
  },
};

/** Headers of the app's answer that describe its body, which the problem replaces. */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "transfer-encoding", "etag"];

/**
 * How to treat the app's answer: `replaceAtHead` may replace it as soon as its status and headers
 * are known (undefined to go on); `errorsNeedBody` rewrites an empty error answer.
 */
export interface AnswerPolicy {
  replaceAtHead?(status: number, res: ServerResponse): ApiError | undefined;
  errorsNeedBody: boolean;
}

/** The value of a header the app set, as one comma-separated string. */
export function headerText(res: ServerResponse, name: string): string | undefined {
  const value = res.getHeader(name);
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(", ") : String(value);
}

type Args = unknown[];
type WriteHead = (...args: Args) => ServerResponse;
type Write = (...args: Args) => boolean;
type End = (...args: Args) => ServerResponse;

function hasBytes(chunk: unknown): boolean {
  return typeof chunk === "string" ? chunk.length > 0 : chunk instanceof Uint8Array && chunk.byteLength > 0;
}

/** Puts writeHead's status and header object on the response without sending anything. */
function absorbHead(res: ServerResponse, args: Args): boolean {
  const [status, ...rest] = args;
  const headers = rest.find((a) => a !== null && typeof a === "object");
  if (Array.isArray(headers)) return false; // raw header pairs: not ours to hold back
  res.statusCode = Number(status);
  for (const [name, value] of Object.entries((headers ?? {}) as OutgoingHttpHeaders)) {
    if (value !== undefined) res.setHeader(name, value);
  }
  return true;
}

export function guardAnswer(req: IncomingMessage, res: ServerResponse, policy: AnswerPolicy): void {
  const original = {
    writeHead: res.writeHead as unknown as WriteHead,
    write: res.write as unknown as Write,
    end: res.end as unknown as End,
  };
  let state: "open" | "held" | "passed" | "replaced" = "open";

  const replace = (error: ApiError) => {
    state = "replaced";
    const requestId = headerText(res, "x-request-id") ?? requestIdFrom(req.headers["x-request-id"]?.toString());
    log.warn("answer replaced at the edge", {
      requestId,
      method: req.method,
      appStatus: res.statusCode,
      status: error.status,
      code: error.code,
    });
    for (const name of BODY_HEADERS) res.removeHeader(name);
    const body = JSON.stringify(problemBody(error, requestId));
    original.writeHead.call(res, error.status, {
      ...error.headers,
      "Content-Type": "application/problem+json",
      "Cache-Control": "no-store",
      "X-Request-Id": requestId,
      "Content-Length": Buffer.byteLength(body),
    });
    original.end.call(res, body);
  };

  const pass = () => {
    state = "passed";
    original.writeHead.call(res, res.statusCode);
  };

  function writeHead(this: ServerResponse, ...args: Args): ServerResponse {
    if (state === "passed") return original.writeHead.apply(res, args);
    if (state !== "open") return res;
    if (!absorbHead(res, args)) {
      state = "passed";
      return original.writeHead.apply(res, args);
    }
    const replacement = policy.replaceAtHead?.(res.statusCode, res);
    if (replacement) replace(replacement);
    else if (policy.errorsNeedBody && res.statusCode >= 400 && !isProblem(res) && req.method !== "HEAD") state = "held";
    else pass();
    return res;
  }

  function write(this: ServerResponse, ...args: Args): boolean {
    if (state === "open") writeHead.call(res, res.statusCode);
    if (state === "replaced") return true;
    if (state === "held") {
      if (!hasBytes(args[0])) return true;
      pass();
    }
    return original.write.apply(res, args);
  }

  function end(this: ServerResponse, ...args: Args): ServerResponse {
    if (state === "open") writeHead.call(res, res.statusCode);
    if (state === "replaced") {
      const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
      if (callback) res.once("finish", callback);
      return res;
    }
    if (state === "held") {
      const instead = hasBytes(args[0]) ? undefined : EMPTY_ANSWERS[res.statusCode];
      if (instead) {
        replace(new ApiError(instead.code, instead.detail));
        return res;
      }
      pass();
    }
    return original.end.apply(res, args);
  }

  res.writeHead = writeHead as unknown as ServerResponse["writeHead"];
  res.write = write as unknown as ServerResponse["write"];
  res.end = end as unknown as ServerResponse["end"];
}

/** The answer already is problem+json (ours, or a route's own). */
export function isProblem(res: ServerResponse): boolean {
  return (headerText(res, "content-type") ?? "").startsWith("application/problem+json");
}
