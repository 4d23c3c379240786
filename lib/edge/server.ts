/**
 * The HTTP server in front of Next (D17). Node's HTTP layer refuses some requests before any
 * route sees them — a URL and headers over its size limit, bytes HTTP does not allow, a client
 * too slow to send its headers — and by default answers with a bare status line. Here those
 * answers are the API's problem+json (D1) with a request id, and the limits are the documented
 * ones (lib/edge/limits.ts). What Next would misread or answer with a bare 500 or an empty body —
 * `__proto__` in a query, a path whose percent-escapes are not UTF-8, a method the app does not
 * implement, CONNECT — is answered here (a router state header Next cannot parse is dropped, router-state.ts) (screen.ts), and the app's own answers are corrected where
 * Next answers outside our routes (answers.ts). A render answer gets back the Content-Length Next
 * drops (lib/api/body-length.ts), HEAD included. Every answer carries `X-Content-Type-Options:
 * nosniff`, and the app sees the client address the trusted proxies vouch for (client-address.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { BODY_LENGTH_HEADER } from "@/lib/api/body-length";
import { ApiError, problemBody, reasonPhrase } from "@/lib/vocabulary/errors";
import { requestIdFrom } from "@/lib/api/request-id";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { guardAnswer, headerText, isProblem } from "./answers";
import { clientAddressOf, trustedProxies } from "./client-address";
import { EDGE_LIMITS, type EdgeLimits } from "./limits";
import { dropRefusedRouterState } from "./router-state";
import { APP_METHODS, methodRefusal, PAGE_ALLOW, refusalFor, unknownMethod } from "./screen";

export type AppHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

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
    case "HPE_INVALID_METHOD":
      return unknownMethod();
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
  log.warn("request refused at the edge", { requestId, code: apiError.code, parserCode: error.code });
  writeRaw(socket, apiError, requestId);
}

/** A whole answer written on the socket itself, which is then closed. */
function writeRaw(socket: Duplex, apiError: ApiError, requestId: string): void {
  const body = problemJson(apiError, requestId);
  socket.end(
    `HTTP/1.1 ${apiError.status} ${reasonPhrase(apiError.status)}\r\n` +
      "Content-Type: application/problem+json\r\n" +
      "Cache-Control: no-store\r\n" +
      "X-Content-Type-Options: nosniff\r\n" +
      `X-Request-Id: ${requestId}\r\n` +
      Object.entries(apiError.headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

function answer(res: ServerResponse, error: ApiError, requestId: string): void {
  const body = problemJson(error, requestId);
  res.writeHead(error.status, {
    ...error.headers,
    "Content-Type": "application/problem+json",
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * A POST that Next may read as a server action or a form for one: to a page, and to any path
 * Next answers with a page (an /api path that is no route gets the not-found page, whose action
 * decoding fails on a malformed body). Our routes answer their own failures as problem+json,
 * which is never replaced (see createEdgeServer).
 */
function isServerActionPost(req: IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  const type = req.headers["content-type"] ?? "";
  return (
    req.headers["next-action"] !== undefined ||
    type.startsWith("multipart/form-data") ||
    type.startsWith("application/x-www-form-urlencoded")
  );
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

/**
 * An HTTP server with the documented limits that hands every acceptable request to `app`, its
 * X-Forwarded-For replaced by the one client address the trusted proxies vouch for (D17).
 */
export function createEdgeServer(
  app: AppHandler,
  limits: EdgeLimits = EDGE_LIMITS,
  proxies: string[] = env().TRUSTED_PROXIES,
): http.Server {
  const trusted = trustedProxies(proxies);
  const server = http.createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
      // Only a WebSocket upgrade (/v1/browser, D39) leaves the request path: Java's HttpClient asks
      // every plain-HTTP server for h2c, and with an 'upgrade' listener Node would hand that
      // ordinary request to it instead of the app.
      shouldUpgradeCallback: (req) => req.headers.upgrade?.toLowerCase() === "websocket",
    },
    (req, res) => {
      const requestId = () => requestIdFrom(req.headers["x-request-id"]?.toString());
      // Every answer, the API's files and Markdown included: a browser takes the declared type as it is.
      res.setHeader("X-Content-Type-Options", "nosniff");
      req.headers["x-forwarded-for"] = clientAddressOf(
        req.socket.remoteAddress,
        req.headers["x-forwarded-for"],
        trusted,
      );
      dropRefusedRouterState(req.headers);
      const refused = refusalFor(req.url ?? "/");
      if (refused) return answer(res, refused, requestId());
      restoreContentLength(res);
      const method = req.method ?? "GET";
      if (!APP_METHODS.has(method)) {
        // The app is asked for the path's OPTIONS instead, only to learn its Allow header: its
        // routes are the one list of what each path answers.
        req.method = "OPTIONS";
        guardAnswer(req, res, {
          replaceAtHead: () => methodRefusal(method, headerText(res, "allow") ?? PAGE_ALLOW),
          errorsNeedBody: true,
        });
      } else {
        const serverAction = isServerActionPost(req);
        guardAnswer(req, res, {
          // Our actions answer their own failures as results (D1), so Next failing one means it
          // could not decode the post (cut short, hand-made, cross-origin): the client's doing.
          replaceAtHead: (status) =>
            serverAction && status >= 500 && !isProblem(res)
              ? new ApiError(
                  "bad_request",
                  "The form or server-action post could not be read; reload the page and submit it again.",
                )
              : undefined,
          errorsNeedBody: true,
        });
      }
      void app(req, res);
    },
  );
  // CONNECT is not a request for a path: Node hands it to this event, and closes the socket unanswered without one.
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    const error = methodRefusal("CONNECT", [...APP_METHODS].join(", "));
    writeRaw(socket, error, requestIdFrom(req.headers["x-request-id"]?.toString()));
  });
  server.on("clientError", answerClientError);
  return server;
}
