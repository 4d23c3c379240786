/**
 * What an endpoint hands serveResult (D6, D7): the render to run on a miss and how to describe its
 * result, and what a render gives back. Types only, shared by the service and the answers it makes.
 */
import type { ApiContext } from "@/lib/api/context";
import type { EndpointId } from "@/lib/endpoints";
import type { OutputFormat } from "@/lib/formats";
import type { StoredResult } from "@/lib/results/types";

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
export interface RenderAttachment {
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

/** What serving a result reads of the endpoint's context: the caller, its signal, the quota hook, response=json. */
export type ServeContext = Pick<
  ApiContext<{ response?: string }>,
  "signal" | "ifNoneMatch" | "requestId" | "caller" | "params" | "usage" | "consumeRender"
>;

/** What a stored result's metadata says about each attachment. */
export interface AttachmentFacts {
  ext: OutputFormat;
  width: number;
  height: number;
  size: number;
}
