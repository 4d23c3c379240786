/**
 * One binary framing for a stored result, used by the file store and the Redis stores alike:
 *   "GLR1" | u32 big-endian header length | header JSON (UTF-8) | the result's bytes
 * Header and bytes travel in one value, so a reader can never pair one render's metadata with
 * another render's bytes (a single file rename / a single SET replaces both at once).
 */
import { createHash } from "node:crypto";
import { isOutputFormat } from "@/lib/formats";
import type { NewResult, ResultMetadata, StoredResult } from "@/lib/results/types";

const MAGIC = Buffer.from("GLR1");
const PREFIX_LENGTH = MAGIC.length + 4;
/** Headers are small; anything larger means a corrupt or foreign value. */
const MAX_HEADER = 64 * 1024;

interface Header {
  contentType: string;
  ext: string;
  metadata: ResultMetadata;
  cachedAt: number;
  expiresAt: number;
  etag: string;
  size: number;
}

/** RFC 9110: If-None-Match is a list of entity tags (or *); weak comparison applies. */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** Strong ETag: SHA-256 of the bytes, quoted as HTTP requires. */
export function etagOf(bytes: Buffer): string {
  return `"${createHash("sha256").update(bytes).digest("base64url")}"`;
}

export function makeStored(result: NewResult, ttlMs: number, now = Date.now()): StoredResult {
  return {
    bytes: result.bytes,
    contentType: result.contentType,
    ext: result.ext,
    metadata: result.metadata,
    cachedAt: now,
    expiresAt: now + Math.max(1, Math.ceil(ttlMs)),
    etag: etagOf(result.bytes),
  };
}

export function encodeResult(stored: StoredResult): Buffer {
  const header: Header = {
    contentType: stored.contentType,
    ext: stored.ext,
    metadata: stored.metadata,
    cachedAt: stored.cachedAt,
    expiresAt: stored.expiresAt,
    etag: stored.etag,
    size: stored.bytes.length,
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, length, json, stored.bytes]);
}

/** Length of the prefix + header, or null when `head` is not the start of a valid frame. */
export function headerEnd(head: Buffer): number | null {
  if (head.length < PREFIX_LENGTH || !head.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const length = head.readUInt32BE(MAGIC.length);
  return length > MAX_HEADER ? null : PREFIX_LENGTH + length;
}

/** Reads just the expiry from a frame's start (for sweeping without loading the bytes). */
export function decodeExpiry(head: Buffer): number | null {
  const end = headerEnd(head);
  if (end === null || head.length < end) return null;
  try {
    const header = JSON.parse(head.subarray(PREFIX_LENGTH, end).toString("utf8")) as Partial<Header>;
    return typeof header.expiresAt === "number" ? header.expiresAt : null;
  } catch {
    return null;
  }
}

/** The stored result, or null for anything corrupt or truncated (treated as a cache miss). */
export function decodeResult(frame: Buffer): StoredResult | null {
  const end = headerEnd(frame);
  if (end === null || frame.length < end) return null;
  let header: Header;
  try {
    header = JSON.parse(frame.subarray(PREFIX_LENGTH, end).toString("utf8")) as Header;
  } catch {
    return null;
  }
  const bytes = frame.subarray(end);
  if (
    !isOutputFormat(header.ext) ||
    typeof header.contentType !== "string" ||
    typeof header.cachedAt !== "number" ||
    typeof header.expiresAt !== "number" ||
    typeof header.etag !== "string" ||
    header.size !== bytes.length ||
    typeof header.metadata !== "object" ||
    header.metadata === null
  ) {
    return null;
  }
  return {
    bytes,
    contentType: header.contentType,
    ext: header.ext,
    metadata: header.metadata,
    cachedAt: header.cachedAt,
    expiresAt: header.expiresAt,
    etag: header.etag,
  };
}

/**
 * A stored result's bytes as a response body: a view, not a copy. Stored bytes are never
 * modified, and a HIT or a files-route download should not copy megabytes per request.
 */
export function responseBody(stored: StoredResult): Uint8Array<ArrayBuffer> {
  return new Uint8Array(stored.bytes.buffer as ArrayBuffer, stored.bytes.byteOffset, stored.bytes.byteLength);
}
