/**
 * Signed URLs (the server's D15): what a page can put in an `<img src>` or `og:image` without the
 * API key. The canonical form is the server's (lib/signing/canonical-query.ts):
 *
 *   1. the query's name/value pairs, without `signature` (key_id and expires are signed);
 *   2. sorted by name, then value, comparing UTF-8 bytes;
 *   3. each name and value percent-encoded outside RFC 3986's unreserved set, upper-case hex;
 *   4. the string to sign is `<path>?<name=value&…>`;
 *   5. signature = lower-case hex HMAC-SHA256 under the key's signing secret.
 */
import { hmacSha256, toHex } from "./crypto.js";
import { queryPairs } from "./query.js";
import type { SignableQueries } from "./types.js";

const encoder = new TextEncoder();

function compareUtf8(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical query of `pairs` (step 1–3 above). */
export function canonicalQuery(pairs: Iterable<[string, string]>): string {
  return [...pairs]
    .filter(([name]) => name !== "signature")
    .sort(([an, av], [bn, bv]) => compareUtf8(an, bn) || compareUtf8(av, bv))
    .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
    .join("&");
}

export type SignablePath = keyof SignableQueries;

export interface SignUrlOptions<P extends SignablePath> {
  /** Where the API answers, e.g. https://glance.example.com (no trailing slash needed). */
  baseUrl: string;
  path: P;
  params: SignableQueries[P];
  /** The key's public id (`pk_live_…`), shown beside its signing secret in the dashboard. */
  keyId: string;
  signingSecret: string;
  /** When the URL stops working: a Date or unix seconds. Leave out for a URL that does not expire. */
  expires?: Date | number;
}

/** A signed URL for `path` with `params`: `<baseUrl><path>?<canonical query>&signature=<hex>`. */
export async function signUrl<P extends SignablePath>(options: SignUrlOptions<P>): Promise<string> {
  const pairs = queryPairs(options.params).filter(([name]) => !["key_id", "expires", "signature"].includes(name));
  pairs.push(["key_id", options.keyId]);
  if (options.expires !== undefined) {
    const seconds =
      options.expires instanceof Date ? Math.floor(options.expires.getTime() / 1000) : Math.floor(options.expires);
    pairs.push(["expires", String(seconds)]);
  }
  const canonical = canonicalQuery(pairs);
  const signature = toHex(await hmacSha256(options.signingSecret, `${options.path}?${canonical}`));
  return `${options.baseUrl.replace(/\/+$/, "")}${options.path}?${canonical}&signature=${signature}`;
}
