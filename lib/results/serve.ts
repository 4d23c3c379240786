/**
 * serveResult: the one function both endpoint handlers call once their parameters are valid.
 * It owns everything from "which result is this" to the bytes or JSON on the wire:
 * cache key (D6) → single flight (lookup, or render once and store with the plan's TTL) →
 * file outcome, or JSON metadata with a files URL when response=json (D7).
 *
 * Choices worth knowing:
 * - A request that waited for someone else's in-flight render is a MISS (cachedAt null): it got
 *   a fresh render, not one that was stored before it asked. Only the render's leader calls
 *   consumeRender, so identical concurrent requests cost one render of quota.
 * - Past `deadline` the request gets 504 render_timeout, but the render goes on (see
 *   single-flight.ts) and is stored, so a retry is a HIT or joins it; a render nobody waits for
 *   is aborted after a grace period.
 * - If storing fails after a successful render, the caller still gets the bytes (its quota is
 *   already spent); the failure is logged, and the files URL will 404.
 * - A render that fails gives its charge back: only delivered results count against the quota.
 * - A request that joined a render which then timed out under its leader's shorter `timeout`
 *   renders again under its own, instead of inheriting the leader's 504.
 */
import "server-only";
import { ApiError } from "@/lib/vocabulary/errors";
import type { EndpointOutcome } from "@/lib/api/outcome";
import { log } from "@/lib/log";
import { countCacheLookup, observedRender, observedStore } from "@/lib/observability/render";
import { cacheTtlSeconds } from "@/lib/plans";
import { getRedis, type RedisLike } from "@/lib/redis";
import { binaryAnswer, endpointAnswer, fileUrl, jsonAnswer } from "@/lib/results/answers";
import { makeStored } from "@/lib/results/codec";
import { attachmentKey, cacheKey } from "@/lib/results/key";
import type {
  AttachmentFacts,
  RenderAttachment,
  RenderJob,
  RenderOutput,
  ServeContext,
} from "@/lib/results/render-job";
import {
  DeadlineExceeded,
  SingleFlight,
  type FlightOutcome,
  type SingleFlightOptions,
} from "@/lib/results/single-flight";
import { getResultStore } from "@/lib/results/store";
import type { NewResult, ResultStore, StoredResult } from "@/lib/results/types";
import { OUTPUT_FORMATS } from "@/lib/formats";

/** A result as obtained for a request: where it is stored (its key), and whether it was a HIT. */
export interface Obtained {
  key: string;
  stored: StoredResult;
  hit: boolean;
}

export interface ResultService {
  readonly store: ResultStore;
  readonly flights: SingleFlight;
  serve(ctx: ServeContext, job: RenderJob): Promise<EndpointOutcome>;
  obtain(ctx: ServeContext, job: RenderJob): Promise<Obtained>;
}

export function createResultService(deps: {
  store: ResultStore;
  redis: RedisLike | null;
  flight?: Partial<SingleFlightOptions>;
}): ResultService {
  const { store } = deps;
  const flights = new SingleFlight(store, deps.redis, deps.flight);

  async function serve(ctx: ServeContext, job: RenderJob): Promise<EndpointOutcome> {
    const { key, stored, hit } = await obtain(ctx, job);
    if (job.answer) return endpointAnswer(ctx, key, stored, hit, job, job.answer);
    const json = ctx.params.response === "json";
    return json ? jsonAnswer(key, stored, hit, job) : binaryAnswer(ctx, stored, hit, job);
  }

  /** The cached result, or a render stored now (see the file comment); ctx.usage notes which. */
  async function obtain(ctx: ServeContext, job: RenderJob): Promise<Obtained> {
    const key = await cacheKey({ accountId: ctx.caller.userId, endpoint: job.endpoint, params: job.keyParams });
    const planTtlSeconds = cacheTtlSeconds(ctx.caller.plan);

    let led = false;
    const produce = async (signal: AbortSignal): Promise<StoredResult> => {
      led = true;
      await job.prepare?.(signal);
      const charge = await ctx.consumeRender(job.renders); // may throw 429 quota_exceeded: nothing rendered, nothing stored
      const started = performance.now();
      let output: RenderOutput;
      try {
        output = await observedRender(job.endpoint, job.ext, () => job.render(signal));
      } catch (error) {
        // Nothing was delivered (timeout, crash, a page that cannot be captured): not a render to pay for.
        await charge
          .refund()
          .catch((refundError: unknown) =>
            log.error("render quota refund failed", { requestId: ctx.requestId, error: refundError }),
          );
        throw error;
      }
      const renderMs = Math.max(0, Math.round(performance.now() - started));
      const ttlMs = Math.min(planTtlSeconds, job.ttlSeconds ?? Infinity, output.maxTtlSeconds ?? Infinity) * 1000;
      const attachments = await storeAttachments(key, output.attachments ?? [], ttlMs, renderMs, ctx.requestId);
      const result: NewResult = {
        bytes: output.bytes,
        contentType: OUTPUT_FORMATS[job.ext].mime,
        ext: job.ext,
        metadata: {
          width: output.width,
          height: output.height,
          ...(output.pages !== undefined ? { pages: output.pages } : {}),
          ...(output.details ? { details: output.details } : {}),
          ...(output.headers ? { headers: output.headers } : {}),
          ...(attachments ? { attachments } : {}),
          renderMs,
        },
      };
      try {
        return await observedStore(store.kind, () => store.put(key, result, ttlMs));
      } catch (error) {
        log.error("result store write failed", { requestId: ctx.requestId, store: store.kind, error });
        return makeStored(result, ttlMs);
      }
    };

    let outcome: FlightOutcome;
    for (;;) {
      try {
        outcome = await flights.run(key, produce, {
          deadline: job.deadline,
          signal: ctx.signal,
          fresh: job.fresh,
        });
        break;
      } catch (error) {
        if (error instanceof DeadlineExceeded) throw timeoutError(job.timeoutAdvice);
        // `timeout` is not in the cache key (D6), so this request may have joined a render led by
        // one with a shorter timeout. When that render runs out of its time while this request
        // still has some, it renders (or joins) again under its own deadline, not the leader's.
        const joinedTimedOut = !led && error instanceof ApiError && error.code === "render_timeout";
        if (joinedTimedOut && job.deadline - Date.now() > 100 && !ctx.signal.aborted) continue;
        throw error;
      }
    }

    const hit = outcome.source === "stored";
    ctx.usage.cache = hit ? "HIT" : "MISS";
    countCacheLookup(job.endpoint, hit);
    if (!hit) ctx.usage.renderMs = outcome.result.metadata.renderMs;
    ctx.usage.resultUrl = fileUrl(key, outcome.result.ext);
    return { key, stored: outcome.result, hit };
  }

  /** Stores each attachment (a failure is logged: the result still goes out, its attachment URL will 404). */
  async function storeAttachments(
    key: string,
    attachments: RenderAttachment[],
    ttlMs: number,
    renderMs: number,
    requestId: string,
  ): Promise<Record<string, AttachmentFacts> | undefined> {
    if (attachments.length === 0) return undefined;
    const facts: Record<string, AttachmentFacts> = {};
    for (const a of attachments) {
      const file: NewResult = {
        bytes: a.bytes,
        contentType: OUTPUT_FORMATS[a.ext].mime,
        ext: a.ext,
        metadata: { width: a.width, height: a.height, renderMs },
      };
      await store
        .put(attachmentKey(key, a.part), file, ttlMs)
        .catch((error: unknown) => log.error("result store write failed", { requestId, store: store.kind, error }));
      facts[a.part] = { ext: a.ext, width: a.width, height: a.height, size: a.bytes.length };
    }
    return facts;
  }

  return { store, flights, serve, obtain };
}

function timeoutError(advice: string | undefined): ApiError {
  const retry = "the render continues and a retry within a few seconds is served from it.";
  const hint = advice ? `${advice} or retry: ${retry}` : `Retry: ${retry}`;
  return new ApiError("render_timeout", `Rendering did not finish within the time allowed. ${hint}`);
}

const services = new WeakMap<ResultStore, ResultService>();

/** The service for the current configuration (shared store and Redis of this process). */
function defaultResultService(): ResultService {
  const store = getResultStore();
  let service = services.get(store);
  if (!service) services.set(store, (service = createResultService({ store, redis: getRedis() })));
  return service;
}

/** What both endpoint handlers call: see the file comment. */
export function serveResult(ctx: ServeContext, job: RenderJob): Promise<EndpointOutcome> {
  return defaultResultService().serve(ctx, job);
}

/** The result itself rather than an answer: for comparisons, which read both captures' pixels (D27). */
export function obtainResult(ctx: ServeContext, job: RenderJob): Promise<Obtained> {
  return defaultResultService().obtain(ctx, job);
}
