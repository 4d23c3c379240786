/**
 * GET /v1/files/{key}.{ext} (D7). No API key: the 256-bit key is the capability. Anything that
 * is not a 64-hex key with a known extension, a key with another extension, and an expired
 * entry are all the same 404, so the route reveals nothing about what exists.
 */
import "server-only";
import { BODY_LENGTH_HEADER } from "@/lib/api/body-length";
import { ApiError, problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { requestIdFor } from "@/lib/api/request";
import { FILE_FORMATS } from "@/lib/formats";
import { log } from "@/lib/log";
import { etagMatches, responseBody } from "@/lib/results/codec";
import { secondsLeft } from "@/lib/results/answers";
import { getResultStore } from "@/lib/results/store";
import type { ResultStore, StoredResult } from "@/lib/results/types";

/** `<key>.<ext>` for every output format (lib/formats.ts). */
const FILE_NAME = new RegExp(`^([0-9a-f]{64})\\.(${FILE_FORMATS.join("|")})$`);

/**
 * One byte range of `size` bytes asked by a Range header (RFC 9110 §14): `bytes=a-b`, `bytes=a-`,
 * `bytes=-n`. Video players seek with it, and Safari plays no video without it (D26). Anything
 * else — several ranges, another unit, a range outside the file, an If-Range for other bytes — is
 * answered with the whole file, which the RFC allows.
 */
export function byteRange(request: Request, size: number, etag: string): { start: number; end: number } | undefined {
  const header = request.headers.get("range");
  const ifRange = request.headers.get("if-range");
  if (!header || (ifRange !== null && ifRange !== etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [start, end] =
    match[1] === ""
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === "" ? size - 1 : Math.min(size - 1, Number(match[2]))];
  return start <= end && start < size ? { start, end } : undefined;
}

function notFound(): ApiError {
  return new ApiError("not_found", "No stored result has this name, or it has expired.");
}

function fileHeaders(stored: StoredResult, requestId: string): Record<string, string> {
  return {
    "X-Request-Id": requestId,
    ETag: stored.etag,
    "Cache-Control": `public, max-age=${secondsLeft(stored)}, immutable`,
    // Files hold content rendered from third-party pages: never let a browser sniff them into
    // HTML, and let other sites embed them (OG images are meant to be hot-linked).
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Access-Control-Allow-Origin": "*",
    "Accept-Ranges": "bytes",
  };
}

export async function serveStoredFile(
  request: Request,
  fileName: string,
  store: ResultStore = getResultStore(),
): Promise<Response> {
  const requestId = requestIdFor(request);
  const noStore = { "X-Request-Id": requestId };
  try {
    const match = FILE_NAME.exec(fileName);
    if (!match) return problemResponse(notFound(), requestId, noStore);
    const [, key, ext] = match;
    const stored = await store.get(key);
    if (!stored || stored.ext !== ext) return problemResponse(notFound(), requestId, noStore);

    const headers = fileHeaders(stored, requestId);
    if (etagMatches(request.headers.get("if-none-match"), stored.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const range = byteRange(request, stored.bytes.length, stored.etag);
    const body = responseBody(stored);
    const sent = range ? body.subarray(range.start, range.end + 1) : body;
    return new Response(request.method === "HEAD" ? null : sent, {
      status: range ? 206 : 200,
      headers: {
        ...headers,
        "Content-Type": stored.contentType,
        "Content-Length": String(sent.length),
        [BODY_LENGTH_HEADER]: String(sent.length),
        ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${stored.bytes.length}` } : {}),
        "Content-Disposition": `inline; filename="${fileName}"`,
      },
    });
  } catch (error) {
    log.error("serving a stored file failed", { requestId, store: store.kind, error });
    return problemResponse(toApiError(error), requestId, noStore);
  }
}
