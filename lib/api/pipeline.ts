/**
 * The one path every /v1 API request takes (ARCHITECTURE.md#the-request-path):
 * request id → key auth → query (or POST JSON body) parsing with the endpoint's schema → plan gates → rate limit →
 * handler (which calls consumeRender on a cache miss) → common headers (RateLimit-*, X-Quota-*)
 * → problem+json for any error → log line → usage event for the request log (queued, written in
 * batches after the reply).
 */
import "server-only";
import type { z } from "zod";
import type { Authenticator } from "@/lib/api/auth";
import type { ApiContext, EndpointSpec, Handler, UsageNote } from "@/lib/api/context";
import type { Caller, RenderCharge } from "@/lib/vocabulary/caller";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { enforceKeyLimits, enforcePlanGates } from "@/lib/api/gates";
import { paramsFromJsonBody } from "@/lib/api/body";
import { parseQuery } from "@/lib/api/query";
import {
  checkAnonymousLimit,
  checkRateLimit,
  peekAnonymousLimit,
  peekRateLimit,
  rateLimitHeaders,
  type RateState,
} from "@/lib/api/rate-limit";
import { QuotaTracker, quotaHeaders } from "@/lib/api/quota-headers";
import { afterResponse, requestIdFor, withHeaders } from "@/lib/api/request";
import { authenticateKeyOrSignature } from "@/lib/api/signed-auth";
import { consumeKeyAndAccountRender } from "@/lib/keys/render-cap";
import { log } from "@/lib/log";
import { PLANS } from "@/lib/plans";
import { alertOnQuota, crossedThresholds } from "@/lib/usage/alerts";
import { requestFacts, type RequestFacts } from "@/lib/api/request-facts";
import { recordUsage, type UsageEventInput } from "@/lib/usage/record";

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

  return async function handle(request: Request): Promise<Response> {
    const started = performance.now();
    const receivedAt = Date.now();
    const requestId = requestIdFor(request);
    const url = new URL(request.url);
    const usage: UsageNote = {};
    let asked: RequestFacts | undefined;
    let errorDetail: string | undefined;
    let caller: Caller | undefined;
    let rate: RateState | undefined;
    let quota: QuotaTracker | undefined;
    let response: Response;

    try {
      caller = await authenticate(request, url);
      quota = new QuotaTracker(caller);
      // A POST's (or PATCH's) JSON body is turned into the query form: one schema, one parser (D19).
      const input =
        (request.method === "POST" || request.method === "PATCH") && spec.jsonBody
          ? await paramsFromJsonBody(request, url, spec.params, spec.jsonBody.maxBytes)
          : url.searchParams;
      asked = requestFacts(input, spec.params);
      const parsed = parseQuery(input, spec.params, { extras: spec.extras });
      usage.targetHost = spec.targetHost?.(parsed.params);
      const validated = await spec.validate(parsed.params, { ...parsed, caller });
      enforcePlanGates(spec, parsed.params as Record<string, unknown>, parsed.given, caller.plan);
      enforceKeyLimits(spec, caller);
      rate = await checkRateLimit(caller);
      const who = caller;
      const ctx: ApiContext<z.output<S>, V> = {
        request,
        requestId,
        receivedAt,
        caller: who,
        params: parsed.params,
        validated,
        given: parsed.given,
        extras: parsed.extras,
        usage,
        consumeRender: (count = 1) => chargeRender(who, quota!, count),
      };
      response = await handler(ctx);
    } catch (error) {
      let apiError = toApiError(error);
      usage.errorCode = apiError.code;
      errorDetail = apiError.message;
      // A 401 has no account: it counts against the client address instead (D4); past that
      // window's limit a flood of bad keys from one address is answered 429. A refused signature
      // is a failed authentication too (D15): key_id is public, so without this anyone could make
      // the server look up a key and compute an HMAC without limit.
      if (!caller && (apiError.status === 401 || FAILED_SIGNATURES.has(apiError.code))) {
        rate = await checkAnonymousLimit(request, "failedAuth").catch((limited: unknown) => {
          if (limited instanceof ApiError && limited.code === "rate_limited") apiError = limited;
          return undefined;
        });
      } else if (!caller) {
        // Failed before the key could be checked (say, the database is down): not the caller's
        // fault, so not counted, but the address's headers still go out (D4).
        rate = await peekAnonymousLimit(request, "failedAuth").catch(() => undefined);
      }
      // A client that hung up (Next aborts the request's signal) is not a server failure.
      if (apiError.status >= 500 && !request.signal.aborted) {
        log.error("request failed", { requestId, endpoint: spec.id, code: apiError.code, error });
      }
      response = problemResponse(apiError, requestId);
      // Refused after authentication but before being counted (400, 403): the account's headers
      // still go out (D4). A 429 brings its own; a failing counter store must not turn a 400 into a 500.
      if (caller && !rate && apiError.code !== "rate_limited")
        rate = await peekRateLimit(caller).catch(() => undefined);
    }

    // A failing counter read must not turn an answer into a 500: the headers are left out instead.
    // A signed URL's answer is public (crawlers, CDNs, D15): the account's usage is not for them.
    const quotaState = quota && !caller?.signed ? await quota.state().catch(() => undefined) : undefined;

    // HEAD (crawlers check an og:image with it): the same status and headers, no body.
    if (request.method === "HEAD" && response.body) {
      void response.body.cancel().catch(() => {});
      response = new Response(null, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }

    response = withHeaders(response, {
      "X-Request-Id": requestId,
      ...(rate ? rateLimitHeaders(rate) : {}),
      ...(quotaState ? quotaHeaders(quotaState) : {}),
    });

    // Nobody reads an aborted request's answer: logs and usage say what happened instead.
    const status = request.signal.aborted ? CLIENT_CLOSED_REQUEST : response.status;
    log.info("request", {
      requestId,
      endpoint: spec.id,
      path: url.pathname,
      status,
      cache: usage.cache,
      ms: Math.round(performance.now() - started),
      userId: caller?.userId,
    });

    if (caller) {
      const event = {
        userId: caller.userId,
        apiKeyId: caller.apiKeyId,
        endpoint: spec.id,
        status,
        cache: usage.cache,
        renderMs: usage.renderMs,
        requestId,
        errorCode: usage.errorCode,
        targetHost: usage.targetHost,
        // What the request log shows of one request (D33).
        ...asked,
        totalMs: Math.round(performance.now() - started),
        errorDetail: errorDetail?.slice(0, 1000),
        resultUrl: usage.resultUrl,
        via: caller.via ?? (options.authenticate ? "playground" : caller.signed ? "signed" : "key"),
      } satisfies UsageEventInput;
      const queued = recordUsage(event);
      // One after() per batch, not per request: it keeps a serverless instance alive until the
      // batch is written, and the events that join the batch later are written with it. Next's
      // after() captures the async context each time, a cost a cache HIT should not pay.
      if (queued.openedBatch) afterResponse(() => queued.written);
    }
    return response;
  };
}

/** `count` renders against the key's cap and the account's quota, with the quota headers following the count and its refund. */
async function chargeRender(caller: Caller, quota: QuotaTracker, count: number): Promise<RenderCharge> {
  const charge = await consumeKeyAndAccountRender(caller, count).catch((error: unknown) => {
    // A recording refused for needing more renders than are left did not use the rest up.
    if (error instanceof ApiError && error.code === "quota_exceeded" && count === 1) quota.usedUp();
    throw error;
  });
  quota.counted(charge.renders);
  // Only the render that crosses 80 % or 100 % does any alert work (D18).
  if (crossedThresholds(charge.renders, PLANS[caller.plan].rendersPerMonth, count).length > 0) {
    afterResponse(() =>
      alertOnQuota(caller.userId, caller.plan, charge.renders, count).catch((error: unknown) =>
        log.warn("quota alert failed", { error }),
      ),
    );
  }
  let refunded = false;
  return {
    renders: charge.renders,
    async refund() {
      if (refunded) return;
      refunded = true;
      await charge.refund();
      quota.refunded(count);
    },
  };
}
