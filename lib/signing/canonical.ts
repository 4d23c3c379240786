/**
 * Signing with Node's crypto (D15): the server's verification, the dashboard's URL builder and the
 * tests. The canonical form itself is lib/signing/canonical-query.ts (shared with the browser).
 */
import { createHmac } from "node:crypto";
import { stringToSign } from "@/lib/signing/canonical-query";
import { EXPIRES_PARAM, KEY_ID_PARAM, SIGNATURE_PARAM } from "@/lib/signing/names";

export { canonicalQuery, encodeRfc3986, stringToSign } from "@/lib/signing/canonical-query";

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
