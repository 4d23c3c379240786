/**
 * serveResult: the one function both endpoint handlers call once their parameters are valid.
 * It owns everything from "which result is this" to the bytes or JSON on the wire:
 * cache key (D6) → single flight (lookup, or render once and store with the plan's TTL) →
 * binary answer, or JSON metadata with a files URL when response=json (D7).
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
import type { ApiContext } from "@/lib/api/context";
import type { EndpointId } from "@/lib/endpoints";
import { BODY_LENGTH_HEADER } from "@/lib/api/body-length";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { cacheTtlSeconds } from "@/lib/plans";
import { getRedis, type RedisLike } from "@/lib/redis";
import { etagMatches, etagOf, makeStored, responseBody } from "@/lib/results/codec";
import { attachmentKey, cacheKey } from "@/lib/results/key";
import {
  DeadlineExceeded,
  SingleFlight,
  type FlightOutcome,
  type SingleFlightOptions,
} from "@/lib/results/single-flight";
import { getResultStore } from "@/lib/results/store";
import type { NewResult, ResultStore, StoredResult } from "@/lib/results/types";
import { OUTPUT_FORMATS, type OutputFormat } from "@/lib/formats";

export interface RenderOutput {
  bytes: Buffer;
  /** Output pixels; for a PDF the page size in CSS px (D7). */
  width: number;
  height: number;
  /** PDF page count. */
  pages?: number;
  /** Further facts for the JSON answer, stored with the result (e.g. the dialogs a page opened, D17). */
  details?: Record<string, unknown>;
  /** Answer headers that describe the result (X-Target-Status, D19), stored so a HIT sends them too. */
  headers?: Record<string, string>;
  /** Keep the result at most this long, whatever the plan allows (an error page captured on purpose, D19). */
  maxTtlSeconds?: number;
  /** Further files the same render made (the content endpoint's screenshot, D24), stored beside it. */
  attachments?: RenderAttachment[];
}

/** A file made by the same render as a result, stored with the same lifetime under a key derived from the result's. */
interface RenderAttachment {
  /** Its name within the result, e.g. "screenshot". */
  part: string;
  bytes: Buffer;
  ext: OutputFormat;
  width: number;
  height: number;
}

/** What an endpoint that builds its own answer (RenderJob.answer) is given. */
export interface StoredView {
  stored: StoredResult;
  hit: boolean;
  /** The result's own file (GET /v1/files/…, D7). */
  fileUrl: string;
  /** An attachment the render stored, by part (its file and facts); undefined when it made none of that name. */
  attachment(part: string): (AttachmentFacts & { url: string }) | undefined;
}

/** The answer an endpoint builds from its stored result: JSON (never cached by clients) or a file. */
export type EndpointAnswer =
  | { kind: "json"; body: Record<string, unknown> }
  | { kind: "file"; bytes: Buffer; contentType: string; fileName: string };

export interface RenderJob {
  endpoint: EndpointId;
  /** Canonical parameters: cacheKeyParams(schema, params), plus e.g. OG template variables. */
  keyParams: Record<string, unknown>;
  ext: OutputFormat;
  /** Epoch ms; past it the request is a 504 render_timeout. */
  deadline: number;
  /**
   * Checks and fetches that only a render needs (the target's address, OG images), run on a
   * cache miss before any quota is spent: a HIT skips them, and a bad input (a 400) costs nothing.
   */
  prepare?: (signal: AbortSignal) => Promise<void>;
  /** What one render counts against the monthly quota: 1, or a recording's several (D26). */
  renders?: number;
  /** Called at most once per flight, after prepare; must stop promptly when the signal aborts. */
  render: (signal: AbortSignal) => Promise<RenderOutput>;
  /** Leading JSON fields: { url } for screenshots, { template } for OG. */
  describe: Record<string, unknown>;
  /**
   * The URL alone decides the bytes (a built-in OG template with its variables, no remote image):
   * a signed answer may then say `immutable` (D15). A screenshot's page or an account template
   * can change behind the same URL: never pinned.
   */
  pinned?: boolean;
  /** Render again and replace the stored result, even when one is cached (fresh=true, D19). */
  fresh?: boolean;
  /** The caller's own cache lifetime (cacheTtl, D19); the plan's TTL caps it. */
  ttlSeconds?: number;
  /** What the caller can change to avoid a 504, from the endpoint's schema (e.g. "Raise `timeout` (up to 60000 ms)"). */
  timeoutAdvice?: string;
  /**
   * The endpoint's own answer instead of the file or response=json (the content endpoint's JSON
   * or Markdown, D24); the cache headers, ETag and 304 are serveResult's as for a file.
   */
  answer?: (view: StoredView) => EndpointAnswer;
}

/** What serving a result reads of the pipeline's context: the caller, the quota hook, response=json. */
export type ServeContext = Pick<
  ApiContext<{ response?: string }>,
  "request" | "requestId" | "caller" | "params" | "usage" | "consumeRender"
>;

/** A result as obtained for a request: where it is stored (its key), and whether it was a HIT. */
export interface Obtained {
  key: string;
  stored: StoredResult;
  hit: boolean;
}

export interface ResultService {
  readonly store: ResultStore;
  readonly flights: SingleFlight;
  serve(ctx: ServeContext, job: RenderJob): Promise<Response>;
  obtain(ctx: ServeContext, job: RenderJob): Promise<Obtained>;
}

/** The public URL of a stored result (D7). */
export function fileUrl(key: string, ext: OutputFormat): string {
  return `${env().APP_URL}/v1/files/${key}.${ext}`;
}

/** Whole seconds until the entry expires, never negative. */
export function secondsLeft(stored: StoredResult, now = Date.now()): number {
  return Math.max(0, Math.floor((stored.expiresAt - now) / 1000));
}

export function createResultService(deps: {
  store: ResultStore;
  redis: RedisLike | null;
  flight?: Partial<SingleFlightOptions>;
}): ResultService {
  const { store } = deps;
  const flights = new SingleFlight(store, deps.redis, deps.flight);

  async function serve(ctx: ServeContext, job: RenderJob): Promise<Response> {
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
        output = await job.render(signal);
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
        return await store.put(key, result, ttlMs);
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
          signal: ctx.request.signal,
          fresh: job.fresh,
        });
        break;
      } catch (error) {
        if (error instanceof DeadlineExceeded) throw timeoutError(job.timeoutAdvice);
        // `timeout` is not in the cache key (D6), so this request may have joined a render led by
        // one with a shorter timeout. When that render runs out of its time while this request
        // still has some, it renders (or joins) again under its own deadline, not the leader's.
        const joinedTimedOut = !led && error instanceof ApiError && error.code === "render_timeout";
        if (joinedTimedOut && job.deadline - Date.now() > 100 && !ctx.request.signal.aborted) continue;
        throw error;
      }
    }

    const hit = outcome.source === "stored";
    ctx.usage.cache = hit ? "HIT" : "MISS";
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

/** What a stored result's metadata says about each attachment. */
interface AttachmentFacts {
  ext: OutputFormat;
  width: number;
  height: number;
  size: number;
}

function endpointAnswer(
  ctx: ServeContext,
  key: string,
  stored: StoredResult,
  hit: boolean,
  job: RenderJob,
  answer: NonNullable<RenderJob["answer"]>,
): Response {
  const attachments = (stored.metadata.attachments ?? {}) as Record<string, AttachmentFacts>;
  const view: StoredView = {
    stored,
    hit,
    fileUrl: fileUrl(key, stored.ext),
    attachment: (part) =>
      Object.hasOwn(attachments, part)
        ? { ...attachments[part], url: fileUrl(attachmentKey(key, part), attachments[part].ext) }
        : undefined,
  };
  const made = answer(view);
  const headers = {
    "X-Cache": hit ? "HIT" : "MISS",
    "X-Render-Time": String(stored.metadata.renderMs),
    ...describedHeaders(stored),
  };
  if (made.kind === "json") {
    return new Response(JSON.stringify(made.body), {
      status: 200,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
    });
  }
  return fileResponse(ctx, stored, job, headers, { ...made, etag: etagOf(made.bytes) });
}

function timeoutError(advice: string | undefined): ApiError {
  const retry = "the render continues and a retry within a few seconds is served from it.";
  const hint = advice ? `${advice} or retry: ${retry}` : `Retry: ${retry}`;
  return new ApiError("render_timeout", `Rendering did not finish within the time allowed. ${hint}`);
}

/** The headers a render described its result with (X-Target-Status, D19), stored so a HIT sends them too. */
function describedHeaders(stored: StoredResult): Record<string, string> {
  const described = stored.metadata.headers;
  return described && typeof described === "object" ? (described as Record<string, string>) : {};
}

function resultHeaders(stored: StoredResult, hit: boolean): Record<string, string> {
  return {
    ...describedHeaders(stored),
    "X-Cache": hit ? "HIT" : "MISS",
    "X-Render-Time": String(stored.metadata.renderMs),
    "X-Image-Size": String(stored.bytes.length),
  };
}

/**
 * Caching of a binary answer (D15). A key-authenticated answer is for its caller only: `private`.
 * A signed URL carries no secret and names its content, so crawlers and CDNs may keep it: `public`
 * for as long as the result is stored (the plan's TTL) and the URL is valid, `immutable` when the
 * URL pins the bytes.
 */
function cacheControl(ctx: ServeContext, stored: StoredResult, job: RenderJob): string {
  const left = secondsLeft(stored);
  const signed = ctx.caller.signed;
  if (!signed) return `private, max-age=${left}`;
  const untilExpiry = signed.expires === undefined ? left : Math.max(0, signed.expires - Math.floor(Date.now() / 1000));
  return `public, max-age=${Math.min(left, untilExpiry)}${job.pinned ? ", immutable" : ""}`;
}

/** Headers a signed answer adds: it is meant to be embedded by other sites. */
const EMBEDDABLE = { "Cross-Origin-Resource-Policy": "cross-origin", "X-Content-Type-Options": "nosniff" } as const;

function binaryAnswer(ctx: ServeContext, stored: StoredResult, hit: boolean, job: RenderJob): Response {
  return fileResponse(ctx, stored, job, resultHeaders(stored, hit), {
    bytes: stored.bytes,
    etag: stored.etag,
    contentType: stored.contentType,
    fileName: `${job.endpoint}.${stored.ext}`,
  });
}

/** A file answer: validators, caching by who asked (D15), 304 on a matching If-None-Match. */
function fileResponse(
  ctx: ServeContext,
  stored: StoredResult,
  job: RenderJob,
  headers: Record<string, string>,
  file: { bytes: Buffer; etag: string; contentType: string; fileName: string },
): Response {
  const validators = {
    ETag: file.etag,
    "Cache-Control": cacheControl(ctx, stored, job),
    ...(ctx.caller.signed ? EMBEDDABLE : {}),
    ...headers,
  };
  // A crawler or CDN revalidating what it has: no body. On a HIT nothing was rendered or counted.
  if (etagMatches(ctx.request.headers.get("if-none-match"), file.etag))
    return new Response(null, { status: 304, headers: validators });
  const body = file.bytes === stored.bytes ? responseBody(stored) : new Uint8Array(file.bytes);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      [BODY_LENGTH_HEADER]: String(file.bytes.length),
      "Content-Disposition": `inline; filename="${file.fileName}"`,
      ...validators,
    },
  });
}

/** The response=json body of a result (D7): the same for a screenshot, an OG image and a comparison's captures. */
export function resultJson(
  key: string,
  stored: StoredResult,
  hit: boolean,
  describe: Record<string, unknown>,
): Record<string, unknown> {
  const { width, height, pages, details } = stored.metadata;
  return {
    ...describe,
    imageUrl: fileUrl(key, stored.ext),
    width,
    height,
    format: stored.ext,
    size: stored.bytes.length,
    cachedAt: hit ? stored.cachedAt : null,
    expiresAt: stored.expiresAt,
    renderTime: stored.metadata.renderMs,
    ...(pages !== undefined ? { pages } : {}),
    ...(details && typeof details === "object" ? details : {}),
  };
}

function jsonAnswer(key: string, stored: StoredResult, hit: boolean, job: RenderJob): Response {
  const body = resultJson(key, stored, hit, job.describe);
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // cachedAt changes from null to a time between two identical requests: never reuse a copy.
      "Cache-Control": "no-store",
      ...resultHeaders(stored, hit),
    },
  });
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
export function serveResult(ctx: ServeContext, job: RenderJob): Promise<Response> {
  return defaultResultService().serve(ctx, job);
}

/** The result itself rather than an answer: for comparisons, which read both captures' pixels (D27). */
export function obtainResult(ctx: ServeContext, job: RenderJob): Promise<Obtained> {
  return defaultResultService().obtain(ctx, job);
}
