/**
 * The canonical form of a signed request (D15), the one definition the server verifies against
 * and the docs' helpers (JavaScript, Python, PHP) reproduce:
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
 */
import { createHmac } from "node:crypto";
import { EXPIRES_PARAM, KEY_ID_PARAM, SIGNATURE_PARAM } from "@/lib/signing/names";

const encoder = new TextEncoder();

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(encoder.encode(a)), Buffer.from(encoder.encode(b)));
}

/** RFC 3986 percent-encoding of everything but the unreserved set. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .filter(([name]) => name !== SIGNATURE_PARAM)
    .sort(([an, av], [bn, bv]) => compareBytes(an, bn) || compareBytes(av, bv))
    .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
    .join("&");
}

export function stringToSign(pathname: string, params: URLSearchParams): string {
  return `${pathname}?${canonicalQuery(params)}`;
}

export function signatureFor(signingSecret: string, pathname: string, params: URLSearchParams): string {
  return createHmac("sha256", signingSecret).update(stringToSign(pathname, params), "utf8").digest("hex");
}

/**
 * A signed URL for `path` with `params` (key_id and, optionally, expires already among them or
 * given here). What the dashboard's URL builder and the tests use; customers use the docs' helpers.
 */
export function signUrl(
  base: string,
  pathname: string,
  params: Record<string, string>,
  credentials: { keyId: string; signingSecret: string; expires?: number },
): string {
  const query = new URLSearchParams(params);
  query.set(KEY_ID_PARAM, credentials.keyId);
  if (credentials.expires !== undefined) query.set(EXPIRES_PARAM, String(credentials.expires));
  query.set(SIGNATURE_PARAM, signatureFor(credentials.signingSecret, pathname, query));
  return `${base}${pathname}?${query.toString().replace(/\+/g, "%20")}`;
}
