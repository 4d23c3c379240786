/**
 * The HTTP server in front of Next (D17). Node's HTTP layer refuses some requests before any
 * route sees them — a URL and headers over its size limit, bytes HTTP does not allow, a client
 * too slow to send its headers — and by default answers with a bare status line. Here those
 * answers are the API's problem+json (D1) with a request id, the limits are the documented
 * ones (lib/edge/limits.ts), and a query name Next would silently drop (`__proto__`: its query
 * parsing puts names on a plain object) is refused as an unknown parameter instead. A render
 * answer gets back the Content-Length Next drops (lib/api/body-length.ts), HEAD included.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { BODY_LENGTH_HEADER } from "@/lib/api/body-length";
import { ApiError, problemBody, reasonPhrase } from "@/lib/api/errors";
import { requestIdFrom } from "@/lib/api/request-id";
import { log } from "@/lib/log";
import { EDGE_LIMITS, type EdgeLimits } from "./limits";

export type AppHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Query names the app never gets to see as they were sent (Next drops them while parsing). */
const DROPPED_BY_NEXT = new Set(["__proto__"]);

function problemJson(error: ApiError, requestId: string): string {
  return JSON.stringify(problemBody(error, requestId));
}

/** What Node's parser refused, as the API's error; undefined for a connection that is just gone. */
function clientErrorToApiError(error: NodeJS.ErrnoException): ApiError | undefined {
  switch (error.code) {
    case "ECONNRESET":
    case "EPIPE":
      return undefined;
    case "HPE_HEADER_OVERFLOW":
      return new ApiError(
        "request_too_large",
        `The URL and headers are larger than ${EDGE_LIMITS.maxHeaderBytes / 1024} KiB together; see /docs/limits.`,
      );
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError("request_timeout", "The request was not received in time.");
    default:
      // HPE_INVALID_* and the rest: bytes in the request line or headers that HTTP does not allow
      // (0xFF, NUL, an unencoded é). The bytes are not echoed back.
      return new ApiError(
        "malformed_query",
        "The request's URL or headers contain bytes that HTTP does not allow. Percent-encode the query (UTF-8), e.g. with encodeURIComponent.",
      );
  }
}

/** Answers on the raw socket: the parser failed, so there is no ServerResponse to use. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const apiError = clientErrorToApiError(error);
  // A response already on its way (keep-alive after an answer) cannot be followed by another one.
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!apiError || !socket.writable || started) {
    socket.destroy();
    return;
  }
  const requestId = requestIdFrom(undefined);
  const body = problemJson(apiError, requestId);
  log.warn("request refused at the edge", { requestId, code: apiError.code, parserCode: error.code });
  socket.end(
    `HTTP/1.1 ${apiError.status} ${reasonPhrase(apiError.status)}\r\n` +
      "Content-Type: application/problem+json\r\n" +
      "Cache-Control: no-store\r\n" +
      `X-Request-Id: ${requestId}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

/** A refusal for a request the parser accepted but the app would misread; undefined to pass it on. */
function refusal(req: IncomingMessage): ApiError | undefined {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  if (queryAt < 0 || !/^\/v1(\/|\?|$)/i.test(url)) return undefined;
  for (const name of new URLSearchParams(url.slice(queryAt + 1)).keys()) {
    if (DROPPED_BY_NEXT.has(name)) {
      return new ApiError("unknown_parameter", `Unknown query parameter ${name}.`, { param: name });
    }
  }
  return undefined;
}

function answer(res: ServerResponse, error: ApiError, requestId: string): void {
  const body = problemJson(error, requestId);
  res.writeHead(error.status, {
    "Content-Type": "application/problem+json",
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * Content-Length for a render answer (lib/api/body-length.ts): Next drops the header, so the
 * length the answer names in BODY_LENGTH_HEADER becomes Content-Length again when the head is
 * written — for a HEAD too, which has no body to count — unless the body is being compressed.
 */
function restoreContentLength(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const length = this.getHeader(BODY_LENGTH_HEADER);
    if (length !== undefined) {
      this.removeHeader(BODY_LENGTH_HEADER);
      const exact = /^\d{1,15}$/.test(String(length));
      if (exact && !this.hasHeader("content-encoding") && !this.hasHeader("content-length"))
        this.setHeader("Content-Length", String(length));
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** An HTTP server with the documented limits that hands every acceptable request to `app`. */
export function createEdgeServer(app: AppHandler, limits: EdgeLimits = EDGE_LIMITS): http.Server {
  const server = http.createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    (req, res) => {
      const refused = refusal(req);
      if (refused) return answer(res, refused, requestIdFrom(req.headers["x-request-id"]?.toString()));
      restoreContentLength(res);
      void app(req, res);
    },
  );
  server.on("clientError", answerClientError);
  return server;
}
