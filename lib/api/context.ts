/**
 * What the endpoint core (runEndpoint, D35) hands an endpoint handler. Handlers never see HTTP,
 * the raw key, the rate limiter or the usage writer: only the authenticated caller, the parsed
 * parameters, the caller's signal, and `consumeRender()` for the monthly quota. They answer with
 * an EndpointOutcome (lib/api/outcome.ts), which only the HTTP adapter turns into a Response.
 */
import type { z } from "zod";
import type { EndpointOutcome } from "@/lib/api/outcome";
import type { EndpointId, RenderEndpointId } from "@/lib/endpoints";
import type { PlanId } from "@/lib/plans";
import type { Caller, RenderCharge } from "@/lib/vocabulary/caller";

/**
 * An endpoint as the pipeline sees it. `V` is what its validate step computes (the capture plan,
 * the OG template and variables); the pipeline hands it to the handler as `ctx.validated`.
 */
export interface EndpointSpec<S extends z.ZodObject = z.ZodObject, V = unknown> {
  id: EndpointId;
  /** The endpoint's one parameter schema (lib/<endpoint>/params.ts). */
  params: S;
  /** "reject": unknown query parameters are a 400; "collect": they are handed over as `extras`. */
  extras: "reject" | "collect";
  /** Lowest plan allowed to call the endpoint at all (D3). */
  minPlan?: PlanId;
  /**
   * Checks the schema cannot make one field at a time — across parameters (a clip against the
   * format and scale) and of collected extras (OG template variables) — as part of the 400 step,
   * so a bad request is a 400 before any 403 or 429 (D2). Throws ApiError; returns what it
   * computed, so the handler does not compute it again. May look things up for the caller (an
   * account's own OG templates, D21), hence async and given the authenticated caller.
   */
  validate: (
    params: z.output<S>,
    parsed: { extras: Readonly<Record<string, string>>; given: ReadonlySet<string>; caller: Caller },
  ) => V | Promise<V>;
  /**
   * POST with the parameters as a JSON body of at most maxBytes (D19); without it POST is a 405.
   * `optional`: a POST with no body (no Content-Type, or an empty body whatever its Content-Type)
   * takes its parameters from the query instead (an
   * endpoint that took query parameters on POST before it took a body: POST /v1/sessions).
   */
  jsonBody?: { maxBytes: number; optional?: boolean };
  /**
   * The render endpoint a key restriction (D15) counts this one as: a comparison captures
   * screenshots, so a key restricted to OG may not call /v1/diff or create monitors (D27).
   */
  keyEndpoint?: RenderEndpointId;
  /** The host a request targets, for the request log (D18); only endpoints that fetch a URL have one. */
  targetHost?: (params: z.output<S>) => string | undefined;
}

export interface UsageNote {
  cache?: "HIT" | "MISS";
  renderMs?: number;
  /** Filled by the pipeline for the request log (D18). */
  targetHost?: string;
  errorCode?: string;
  /** The stored result's public URL, set by serveResult (the request log's result link, D33). */
  resultUrl?: string;
}

export interface ApiContext<T, V = unknown> {
  /** Aborts when the caller gives up (a client hanging up, a job's lease lost): the render stops. */
  signal: AbortSignal;
  /** The resource path an endpoint with an id in it reads the id from (/v1/jobs/{id}, /v1/monitors/{id}/runs). */
  path: string;
  /** What the caller said it takes and holds, when it said so (HTTP's Accept and If-None-Match; absent elsewhere). */
  accept?: string;
  ifNoneMatch?: string;
  requestId: string;
  /** Epoch ms when the request was received: `timeout` bounds the whole request (D10). */
  receivedAt: number;
  caller: Caller;
  params: T;
  /** What the endpoint's validate step computed from the parameters (EndpointSpec.validate). */
  validated: V;
  /** Schema parameters present in the query (to tell "given" from "defaulted"). */
  given: ReadonlySet<string>;
  /** Query parameters outside the schema; only for endpoints that collect them (OG variables). */
  extras: Readonly<Record<string, string>>;
  /**
   * Counts one render (a recording: `count`, D26) against the monthly quota (D4: cache misses
   * count, hits are free). Call it once per actual render, before rendering; throws 429
   * quota_exceeded when not enough are left. Refund the charge if the render fails.
   */
  consumeRender(count?: number): Promise<RenderCharge>;
  /** The handler notes cache outcome and render time here for the usage event. */
  usage: UsageNote;
}

export type Handler<T, V = unknown> = (ctx: ApiContext<T, V>) => Promise<EndpointOutcome>;
