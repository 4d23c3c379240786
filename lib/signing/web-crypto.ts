/**
 * Signing in the browser with Web Crypto (D15): what the docs playground uses, so a customer can
 * try a signed URL with their key's public id and signing secret without the secret ever leaving
 * the page. Same canonical form as the server (lib/signing/canonical-query.ts).
 */
import { canonicalQuery } from "@/lib/signing/canonical-query";
import { EXPIRES_PARAM, KEY_ID_PARAM, SIGNATURE_PARAM } from "@/lib/signing/names";

const encoder = new TextEncoder();

/** Web Crypto exists only in secure contexts (https, or http on localhost / 127.0.0.1). */
export function webCryptoAvailable(): boolean {
  return typeof globalThis.crypto !== "undefined" && typeof globalThis.crypto.subtle !== "undefined";
}

async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `origin + pathname + ?<canonical query>&signature=…` for `query` plus key_id and an optional
 * expires (unix seconds). The query is written in canonical order, so what is shown is what was signed.
 */
export async function signUrlWithWebCrypto(
  origin: string,
  pathname: string,
  query: URLSearchParams,
  credentials: { keyId: string; signingSecret: string; expires?: number },
): Promise<string> {
  const params = new URLSearchParams(query);
  for (const name of [KEY_ID_PARAM, EXPIRES_PARAM, SIGNATURE_PARAM]) params.delete(name);
  params.set(KEY_ID_PARAM, credentials.keyId);
  if (credentials.expires !== undefined) params.set(EXPIRES_PARAM, String(credentials.expires));
  const canonical = canonicalQuery(params);
  const signature = await hmacSha256Hex(credentials.signingSecret, `${pathname}?${canonical}`);
  return `${origin}${pathname}?${canonical}&${SIGNATURE_PARAM}=${signature}`;
}
