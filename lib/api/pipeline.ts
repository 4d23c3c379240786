/**
 * The HTTP adapter of the endpoint core (ARCHITECTURE.md#the-request-path, D35): every /v1 API
 * request takes it. It does what only HTTP has — the request id, authentication (a key, a signed
 * URL, the playground's session), the POST body, the rate limit and its headers (RateLimit-*,
 * X-Quota-*), HEAD, problem+json — and hands the call to runEndpoint (lib/api/run-endpoint.ts),
 * which parses, validates, gates, runs the handler (quota charge, result store) and writes the
 * request log. Order of the checks: D2.
 */
import "server-only";
import type { z } from "zod";
import type { Authenticator } from "@/lib/api/auth";
import type { EndpointSpec, Handler } from "@/lib/api/context";
import type { Caller, RequestVia } from "@/lib/vocabulary/caller";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { paramsFromJsonBody } from "@/lib/api/body";
import { outcomeResponse } from "@/lib/api/outcome-response";
import {
  checkAnonymousLimit,
  checkRateLimit,
  peekAnonymousLimit,
  peekRateLimit,
  rateLimitHeaders,
  type RateState,
} from "@/lib/api/rate-limit";
import { QuotaTracker, quotaHeaders } from "@/lib/api/quota-headers";
import { requestIdFor, withHeaders } from "@/lib/api/request";
import { runEndpoint } from "@/lib/api/run-endpoint";
import { authenticateKeyOrSignature } from "@/lib/api/signed-auth";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";
import { inRequestSpan, inSpan, noteAnswer } from "@/lib/observability/tracing";

/** Signed URLs refused after their key was looked up: counted like a 401 (D15). */
const FAILED_SIGNATURES: ReadonlySet<string> = new Set(["invalid_signature", "signature_expired"]);

/** nginx's status for a client that closed the connection before the answer. */
const CLIENT_CLOSED_REQUEST = 499;

export interface RouteOptions {
  /** Who is calling. Default: a signed URL or the API key (D15); the docs playground passes a session authenticator. */
  authenticate?: Authenticator;
}

export function apiRoute<S extends z.ZodObject, V>(
  spec: EndpointSpec<S, V>,
  handler: Handler<z.output<S>, V>,
  options: RouteOptions = {},
): (request: Request) => Promise<Response> {
  const authenticate = options.authenticate ?? authenticateKeyOrSignature;

  // Each request is a span of its own, its trace the caller's when it sent a traceparent (D40).
  return (request) =>
    inRequestSpan(request, { "glance.endpoint": spec.id, "http.request.method": request.method }, (span, traceId) =>
      handle(request, traceId).then((response) => {
        noteAnswer(span, response.status);
        return response;
      }),
    );

  async function handle(request: Request, traceId: string | undefined): Promise<Response> {
    const started = performance.now();
    const receivedAt = Date.now();
    const requestId = requestIdFor(request);
    const url = new URL(request.url);
    let caller: Caller | undefined;
    let rate: RateState | undefined;
    let response: Response;

    try {
      caller = await inSpan("glance.auth", () => authenticate(request, url));
    } catch (error) {
      let apiError = toApiError(error);
      // A 401 has no account: it counts against the client address instead (D4); past that
      // window's limit a flood of bad keys from one address is answered 429. A refused signature
      // is a failed authentication too (D15): key_id is public, so without this anyone could make
      // the server look up a key and compute an HMAC without limit.
      if (apiError.status === 401 || FAILED_SIGNATURES.has(apiError.code)) {
        rate = await checkAnonymousLimit(request, "failedAuth").catch((limited: unknown) => {
          if (limited instanceof ApiError && limited.code === "rate_limited") apiError = limited;
          return undefined;
        });
      } else {
        // Failed before the key could be checked (say, the database is down): not the caller's
        // fault, so not counted, but the address's headers still go out (D4).
        rate = await peekAnonymousLimit(request, "failedAuth").catch(() => undefined);
      }
      // A client that hung up (Next aborts the request's signal) is not a server failure.
      if (apiError.status >= 500 && !request.signal.aborted)
        log.error("request failed", { requestId, endpoint: spec.id, code: apiError.code, error });
      response = withHeaders(problemResponse(apiError, requestId), {
        "X-Request-Id": requestId,
        ...(rate ? rateLimitHeaders(rate) : {}),
      });
      const status = request.signal.aborted ? CLIENT_CLOSED_REQUEST : response.status;
      const ms = Math.round(performance.now() - started);
      log.info("request", { requestId, endpoint: spec.id, path: url.pathname, status, ms, traceId });
      metrics().requests.inc({ endpoint: spec.id, status });
      return headless(request, response);
    }

    const who = caller;
    const quota = new QuotaTracker(who);
    const result = await runEndpoint(spec, handler, {
      caller: who,
      // A POST's (or PATCH's) JSON body is turned into the query form: one schema, one parser (D19).
      input:
        (request.method === "POST" || request.method === "PATCH") && spec.jsonBody
          ? () => paramsFromJsonBody(request, url, spec.params, spec.jsonBody!.maxBytes, spec.jsonBody!.optional)
          : url.searchParams,
      signal: request.signal,
      requestId,
      receivedAt,
      startedAt: started,
      path: url.pathname,
      accept: request.headers.get("accept") ?? undefined,
      ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
      admit: async () => {
        rate = await inSpan("glance.rate_limit", () => checkRateLimit(who));
      },
      quota,
      record: { via: viaOf(who, options), traceId },
    });
    if (result.ok) response = outcomeResponse(result.outcome);
    else {
      response = problemResponse(result.error, requestId);
      // Refused before being counted (400, 403): the account's headers still go out (D4). A 429
      // brings its own; a failing counter store must not turn a 400 into a 500.
      if (!rate && result.error.code !== "rate_limited") rate = await peekRateLimit(who).catch(() => undefined);
    }

    // A failing counter read must not turn an answer into a 500: the headers are left out instead.
    // A signed URL's answer is public (crawlers, CDNs, D15): the account's usage is not for them.
    const quotaState = !who.signed ? await quota.state().catch(() => undefined) : undefined;
    response = withHeaders(response, {
      "X-Request-Id": requestId,
      ...(rate ? rateLimitHeaders(rate) : {}),
      ...(quotaState ? quotaHeaders(quotaState) : {}),
    });
    return headless(request, response);
  }
}

/** How a request came, for the request log (D33): its authenticator may know (MCP), else how it authenticated. */
function viaOf(caller: Caller, options: RouteOptions): RequestVia {
  return caller.via ?? (options.authenticate ? "playground" : caller.signed ? "signed" : "key");
}

/** HEAD (crawlers check an og:image with it): the same status and headers, no body. */
function headless(request: Request, response: Response): Response {
  if (request.method !== "HEAD" || !response.body) return response;
  void response.body.cancel().catch(() => {});
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
