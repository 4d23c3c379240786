/**
 * The endpoint core (D35): runs one endpoint for a caller already known — parse the parameters
 * with the endpoint's schema → validate → plan gates → key restrictions → admit (the HTTP
 * adapter's rate limit) → handler, which charges the quota (lib/api/charge.ts) and reads or
 * stores the result (lib/results) → the request log (D18, D33). It answers with a typed result:
 * the endpoint's outcome (a JSON document, a file, nothing) or the ApiError that refused it.
 *
 * Every caller goes through it: the HTTP adapter (lib/api/pipeline.ts apiRoute, after it has
 * authenticated), a job's run (lib/jobs/run.ts), an MCP tool call (lib/mcp/call.ts, with the
 * caller the /mcp request authenticated). None of them builds a Request or reads a Response.
 */
import "server-only";
import type { z } from "zod";
import { chargeRender, type QuotaObserver } from "@/lib/api/charge";
import type { ApiContext, EndpointSpec, Handler, UsageNote } from "@/lib/api/context";
import type { Caller, RenderCharge, RequestVia } from "@/lib/vocabulary/caller";
import { type ApiError, toApiError } from "@/lib/vocabulary/errors";
import { enforceKeyLimits, enforcePlanGates } from "@/lib/api/gates";
import type { EndpointOutcome } from "@/lib/api/outcome";
import { parseQuery } from "@/lib/api/query";
import { inWorkspace } from "@/lib/vocabulary/workspace-scope";
import { afterResponse } from "@/lib/api/request";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";
import { currentTraceId } from "@/lib/observability/tracing";
import { requestFacts, type RequestFacts } from "@/lib/api/request-facts";
import { recordUsage, type UsageEventInput } from "@/lib/usage/record";

/** nginx's status for a client that closed the connection before the answer. */
const CLIENT_CLOSED_REQUEST = 499;

export interface EndpointRun<V> {
  caller: Caller;
  /**
   * The parameters in their query form (one schema, one parser, D19). A function when reading
   * them may fail (an HTTP request's JSON body): its refusal is then the endpoint's answer, logged.
   */
  input: URLSearchParams | (() => Promise<URLSearchParams>);
  signal: AbortSignal;
  requestId: string;
  /** Epoch ms the call was received (default now): `timeout` bounds the whole call (D10). */
  receivedAt?: number;
  /** performance.now() when the call began, for the request log's total time (default now). */
  startedAt?: number;
  /** The resource path, for endpoints with an id in it (default the endpoint's id). */
  path?: string;
  /** HTTP's Accept and If-None-Match, when the caller sent them. */
  accept?: string;
  ifNoneMatch?: string;
  /** Runs after the 400s and 403s and before the handler (D2): the HTTP adapter's and MCP's rate limit. */
  admit?: () => Promise<void>;
  /** Changes what validation computed before the handler runs: a job's own time limit (lib/jobs/runners.ts). */
  adjust?: (validated: V) => V;
  /**
   * A key's endpoint restrictions (D15) are checked when the call is made; a job's were checked
   * when it was accepted (D20), so its run skips them ("accepted"). Its monthly cap counts either way.
   */
  keyLimits?: "check" | "accepted";
  /** Follows the quota as this call moves it (the adapter's X-Quota-* headers). */
  quota?: QuotaObserver;
  /**
   * Charges the render instead of `chargeRender(caller)`: a crawl page's run, whose page is charged
   * once however often its job runs (lib/crawl/charge.ts, D32).
   */
  charge?: (count: number) => Promise<RenderCharge>;
  /**
   * A line in the request log (D18, D33) and the log stream, with how the call came; absent for
   * a job's run, which is not a request of its own (its acceptance was).
   */
  record?: { via: RequestVia; traceId?: string };
}

/** What a run ends with: the endpoint's outcome or the refusal, each with the status a request would have. */
export type EndpointResult =
  | { ok: true; outcome: EndpointOutcome; status: number }
  | {
      ok: false;
      error: ApiError;
      status: number;
      /** What was thrown, for a log that needs its stack. */ cause: unknown;
    };

export function runEndpoint<S extends z.ZodObject, V>(
  spec: EndpointSpec<S, V>,
  handler: Handler<z.output<S>, V>,
  run: EndpointRun<V>,
): Promise<EndpointResult> {
  // Checks below may ask whose request this is (a connector's declared origins, D42).
  return inWorkspace(run.caller.userId, () => runInWorkspace(spec, handler, run));
}

async function runInWorkspace<S extends z.ZodObject, V>(
  spec: EndpointSpec<S, V>,
  handler: Handler<z.output<S>, V>,
  run: EndpointRun<V>,
): Promise<EndpointResult> {
  const started = run.startedAt ?? performance.now();
  const { caller, signal, requestId } = run;
  const usage: UsageNote = {};
  let asked: RequestFacts | undefined;
  let result: EndpointResult;
  try {
    const input = typeof run.input === "function" ? await run.input() : run.input;
    asked = requestFacts(input, spec.params);
    const parsed = parseQuery(input, spec.params, { extras: spec.extras });
    usage.targetHost = spec.targetHost?.(parsed.params);
    let validated: V = await spec.validate(parsed.params, { ...parsed, caller });
    enforcePlanGates(spec, parsed.params as Record<string, unknown>, parsed.given, caller.plan);
    if (run.keyLimits !== "accepted") enforceKeyLimits(spec, caller);
    await run.admit?.();
    if (run.adjust) validated = run.adjust(validated);
    const ctx: ApiContext<z.output<S>, V> = {
      signal,
      path: run.path ?? `/v1/${spec.id}`,
      ...(run.accept !== undefined ? { accept: run.accept } : {}),
      ...(run.ifNoneMatch !== undefined ? { ifNoneMatch: run.ifNoneMatch } : {}),
      requestId,
      receivedAt: run.receivedAt ?? Date.now(),
      caller,
      params: parsed.params,
      validated,
      given: parsed.given,
      extras: parsed.extras,
      usage,
      consumeRender: (count = 1) => (run.charge ? run.charge(count) : chargeRender(caller, count, run.quota)),
    };
    const outcome = await handler(ctx);
    result = { ok: true, outcome, status: outcome.status };
  } catch (thrown) {
    const error = toApiError(thrown);
    usage.errorCode = error.code;
    // Someone who hung up (a client, a lost lease) is not a server failure.
    if (run.record && error.status >= 500 && !signal.aborted)
      log.error("request failed", { requestId, endpoint: spec.id, code: error.code, error: thrown });
    result = { ok: false, error, status: error.status, cause: thrown };
  }
  if (run.record) {
    const status = signal.aborted ? CLIENT_CLOSED_REQUEST : result.status;
    // The HTTP adapter passes its request's trace; an MCP tool call is in the /mcp request's (D40).
    const traceId = run.record.traceId ?? currentTraceId();
    recordRequest(spec.id, caller, run.record.via, traceId, {
      requestId,
      path: run.path ?? `/v1/${spec.id}`,
      status,
      usage,
      asked,
      ms: performance.now() - started,
      errorDetail: result.ok ? undefined : result.error.message,
    });
  }
  return result;
}

/** The log line and the request log's event (queued, written in batches after the answer). */
function recordRequest(
  endpoint: EndpointSpec["id"],
  caller: Caller,
  via: RequestVia,
  traceId: string | undefined,
  facts: {
    requestId: string;
    path: string;
    status: number;
    usage: UsageNote;
    asked: RequestFacts | undefined;
    ms: number;
    errorDetail: string | undefined;
  },
): void {
  const { requestId, status, usage } = facts;
  const ms = Math.round(facts.ms);
  log.info("request", {
    requestId,
    endpoint,
    path: facts.path,
    status,
    cache: usage.cache,
    ms,
    userId: caller.userId,
    traceId,
  });
  metrics().requests.inc({ endpoint, status });
  const queued = recordUsage({
    userId: caller.userId,
    apiKeyId: caller.apiKeyId,
    endpoint,
    status,
    cache: usage.cache,
    renderMs: usage.renderMs,
    requestId,
    errorCode: usage.errorCode,
    targetHost: usage.targetHost,
    // What the request log shows of one request (D33).
    ...facts.asked,
    totalMs: ms,
    errorDetail: facts.errorDetail?.slice(0, 1000),
    resultUrl: usage.resultUrl,
    via,
    traceId,
  } satisfies UsageEventInput);
  // One after() per batch, not per request: it keeps a serverless instance alive until the batch
  // is written, and the events that join the batch later are written with it. Next's after()
  // captures the async context each time, a cost a cache HIT should not pay.
  if (queued.openedBatch) afterResponse(() => queued.written);
}
