/**
 * Cache keys (D6). A key is HMAC-SHA256, under a server secret, of the account id, the endpoint
 * and the canonical parameters that change the output: 64 hex characters. The secret makes keys
 * unguessable, which matters because a key is also the capability for GET /v1/files/{key}.{ext}
 * (D7): knowing a URL and its parameters must not let anyone find another account's result.
 */
import "server-only";
import { createHash, createHmac } from "node:crypto";
import type { z } from "zod";
import type { EndpointId } from "@/lib/endpoints";
import { describeParams } from "@/lib/api/params";
import { env } from "@/lib/env";
import { formatSpec, isOutputFormat } from "@/lib/formats";
import { persistedSecret } from "@/lib/secrets/persisted";

/** Bump when the canonical form changes, so old entries can never be mistaken for new ones. */
const KEY_VERSION = "glance-cache-v1";

/**
 * The parameters of `params` that belong in the cache key, read from the schema's metadata so a
 * new parameter is in the key unless its definition says otherwise: everything except
 * `cacheKey: false` (response, timeout, api_key) and secrets; fields marked "digest" (headers, cookies, html) as their hash; `quality` only for lossy formats;
 * PDF options only for format=pdf; undefined values omitted. Keys come back sorted.
 *
 * Pass the parameters as they will actually be rendered. Where one parameter changes what
 * another means (a `device` preset supplies width/height/deviceScale unless they were given,
 * D8), resolve that first, so two requests that render differently never share a key.
 */
export function cacheKeyParams(schema: z.ZodObject, params: Record<string, unknown>): Record<string, unknown> {
  const format = typeof params.format === "string" ? params.format : undefined;
  const out: Record<string, unknown> = {};
  for (const meta of describeParams(schema)) {
    // A secret that changes the output (headers, cookies) or a large input (html) is in the key only
    // as its SHA-256: the key is itself an HMAC, but a secret must not be recoverable from anything
    // stored, and a 5 MB page need not be hashed twice over in canonical JSON.
    if (meta.cacheKey === "digest") {
      const secret = params[meta.name];
      if (secret !== undefined) out[meta.name] = createHash("sha256").update(canonicalJson(secret)).digest("hex");
      continue;
    }
    if (meta.cacheKey === false || meta.secret) continue;
    // Formats whose encoder ignores `quality` (D6: it is dropped from their keys).
    if (meta.name === "quality" && isOutputFormat(format) && !formatSpec(format).lossy) continue;
    if (meta.pdfOnly && format !== "pdf") continue;
    const value = params[meta.name];
    if (value !== undefined) out[meta.name] = value;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Deterministic JSON: object keys sorted at every depth, undefined members omitted. Anything
 * JSON cannot represent faithfully (NaN, functions, bigint, class instances) is a programming
 * error here, not something to hash silently.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("cache key values must be finite numbers");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  throw new TypeError(`cache key values must be plain JSON, got ${typeof value}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export interface CacheKeyInput {
  accountId: string;
  endpoint: EndpointId;
  /** Canonical parameters (cacheKeyParams), plus any extra parts such as OG template variables. */
  params: Record<string, unknown>;
}

export async function cacheKey(input: CacheKeyInput): Promise<string> {
  const message = `${KEY_VERSION}\n${canonicalJson({ account: input.accountId, endpoint: input.endpoint, params: input.params })}`;
  return createHmac("sha256", await cacheSecret())
    .update(message)
    .digest("hex");
}

/**
 * The key of a file stored beside a result (RenderOutput.attachments, D24): derived one way from
 * the result's key, which is secret and unguessable, so it is too — and knowing an attachment's
 * URL reveals nothing of the result's.
 */
export function attachmentKey(resultKey: string, part: string): string {
  return createHash("sha256").update(`glance-attachment-v1\n${resultKey}\n${part}`).digest("hex");
}

/**
 * env().CACHE_SECRET, or a random secret generated once and kept at `${DATA_DIR}/cache-secret`
 * (lib/secrets/persisted.ts) so keys — and the file URLs handed out — stay valid across restarts.
 * Several instances need the same secret: set CACHE_SECRET when running more than one.
 */
export function cacheSecret(): Promise<string> {
  return persistedSecret(env().CACHE_SECRET, "cache-secret");
}
