/**
 * The answers serveResult makes from a stored result (D7, D15): the file with its validators and
 * caching by who asked (304 on a matching If-None-Match), the response=json metadata, or the
 * endpoint's own answer (RenderJob.answer, D24), each with the X-Cache and render headers.
 */
import "server-only";
import { type EndpointOutcome, type FileOutcome, jsonOutcome } from "@/lib/api/outcome";
import { env } from "@/lib/env";
import type { OutputFormat } from "@/lib/formats";
import { etagMatches, etagOf } from "@/lib/results/codec";
import { attachmentKey } from "@/lib/results/key";
import type { AttachmentFacts, RenderJob, ServeContext, StoredView } from "@/lib/results/render-job";
import type { RenderResult } from "@/lib/results/schema";
import type { StoredResult } from "@/lib/results/types";

/** The public URL of a stored result (D7). */
export function fileUrl(key: string, ext: OutputFormat): string {
  return `${env().APP_URL}/v1/files/${key}.${ext}`;
}

/** Whole seconds until the entry expires, never negative. */
export function secondsLeft(stored: StoredResult, now = Date.now()): number {
  return Math.max(0, Math.floor((stored.expiresAt - now) / 1000));
}

export function endpointAnswer(
  ctx: ServeContext,
  key: string,
  stored: StoredResult,
  hit: boolean,
  job: RenderJob,
  answer: NonNullable<RenderJob["answer"]>,
): EndpointOutcome {
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
  if (made.kind === "json")
    return jsonOutcome(made.body, {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
    });
  return fileResponse(ctx, stored, job, headers, { ...made, etag: etagOf(made.bytes) });
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

export function binaryAnswer(ctx: ServeContext, stored: StoredResult, hit: boolean, job: RenderJob): FileOutcome {
  return fileResponse(ctx, stored, job, resultHeaders(stored, hit), {
    bytes: stored.bytes,
    etag: stored.etag,
    contentType: stored.contentType,
    fileName: `${job.endpoint}.${stored.ext}`,
  });
}

/** A file answer: validators, caching by who asked (D15), 304 when the caller holds these bytes (If-None-Match). */
function fileResponse(
  ctx: ServeContext,
  stored: StoredResult,
  job: RenderJob,
  headers: Record<string, string>,
  file: { bytes: Buffer; etag: string; contentType: string; fileName: string },
): FileOutcome {
  const validators = {
    ETag: file.etag,
    "Cache-Control": cacheControl(ctx, stored, job),
    ...(ctx.caller.signed ? EMBEDDABLE : {}),
    ...headers,
  };
  // A crawler or CDN revalidating what it has: no body. On a HIT nothing was rendered or counted.
  const held = etagMatches(ctx.ifNoneMatch ?? null, file.etag);
  return {
    kind: "file",
    status: held ? 304 : 200,
    bytes: file.bytes,
    contentType: file.contentType,
    fileName: file.fileName,
    headers: validators,
  };
}

/**
 * The response=json body of a result (D7): the same for a screenshot, an OG image, a recording and
 * a comparison's captures. What it says of the file is RenderResult (./schema.ts), the base of each
 * endpoint's metadata schema (ScreenshotMetadata, OgMetadata, AnimationMetadata); `describe` and the
 * render's stored details add the rest, which those schemas and the tests' response check cover.
 */
export function resultJson(
  key: string,
  stored: StoredResult,
  hit: boolean,
  describe: Record<string, unknown>,
): RenderResult & Record<string, unknown> {
  const { width, height, pages, details } = stored.metadata;
  const file: RenderResult = {
    imageUrl: fileUrl(key, stored.ext),
    width,
    height,
    format: stored.ext,
    size: stored.bytes.length,
    cachedAt: hit ? stored.cachedAt : null,
    expiresAt: stored.expiresAt,
    renderTime: stored.metadata.renderMs,
    ...(pages !== undefined ? { pages } : {}),
  };
  return { ...describe, ...file, ...(details && typeof details === "object" ? details : {}) };
}

export function jsonAnswer(key: string, stored: StoredResult, hit: boolean, job: RenderJob): EndpointOutcome {
  return jsonOutcome(resultJson(key, stored, hit, job.describe), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // cachedAt changes from null to a time between two identical requests: never reuse a copy.
      "Cache-Control": "no-store",
      ...resultHeaders(stored, hit),
    },
  });
}
