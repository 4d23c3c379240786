/**
 * The canonical form of a signed request (D15), the one definition the server verifies against,
 * the docs playground signs with in the browser (lib/signing/web-crypto.ts), and the docs'
 * helpers (JavaScript, Python, PHP) reproduce:
 *
 *   1. Decode the query as application/x-www-form-urlencoded (`+` is a space, `%XX` are UTF-8
 *      bytes) into name/value pairs, and drop the pair named `signature`. Every other parameter,
 *      `key_id` and `expires` included, is signed. A name given twice is a 400 (D2), never signed.
 *   2. Sort the pairs by name, then by value, comparing the UTF-8 bytes.
 *   3. Percent-encode each name and value: every byte outside RFC 3986's unreserved set
 *      (A–Z a–z 0–9 - . _ ~) becomes %XX with upper-case hex. Join as name=value with `&`.
 *   4. The string to sign is the path, `?`, and that query: `/v1/og?expires=…&key_id=…&template=…`.
 *   5. signature = lower-case hex of HMAC-SHA256(signing secret as UTF-8, string to sign).
 *
 * So the same parameters always sign the same way however the URL orders or encodes them, and a
 * changed, added or removed parameter — or the same query on another endpoint — does not verify.
 * Free of Node APIs (no Buffer, no node:crypto) so a client component can use the same code.
 */
import { SIGNATURE_PARAM } from "@/lib/signing/names";

const encoder = new TextEncoder();

/** Byte-wise comparison of the UTF-8 encodings (not UTF-16 code units, which order differently). */
function compareUtf8(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** RFC 3986 percent-encoding of everything but the unreserved set. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .filter(([name]) => name !== SIGNATURE_PARAM)
    .sort(([an, av], [bn, bv]) => compareUtf8(an, bn) || compareUtf8(av, bv))
    .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
    .join("&");
}

export function stringToSign(pathname: string, params: URLSearchParams): string {
  return `${pathname}?${canonicalQuery(params)}`;
}
