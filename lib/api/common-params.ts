/**
 * The parameters every rendering endpoint shares, built with lib/api/params: `response=json`
 * (D7), the API key in the query, and a signed URL's key_id, expires and signature (D15).
 */
import { MAX_EXPIRY_SECONDS, PUBLIC_ID_PATTERN, SIGNATURE_PATTERN } from "@/lib/signing/names";
import { enumParam, fail, raw, register } from "@/lib/api/params";

/** `response=json` (D7), shared by both endpoints. Changes the answer's form, not the result: not in the cache key. */
export function responseParam() {
  return enumParam("response", {
    values: ["json"],
    cacheKey: false,
    description: "`json` returns metadata (with a URL of the stored file) instead of the image.",
  });
}

/**
 * The query form of the API key, shared by both endpoints: secret, never logged, never in a cache
 * key. Authentication (lib/api/auth, before parsing) is what judges it: a malformed key that is
 * actually used is already a 401 "Invalid API key format.", and when an X-API-Key header is sent
 * the header wins (D2) and this value is ignored. So it has no length or format rule of its own
 * that could turn an ignored value into a 400. (Given twice is still a 400, like any parameter.)
 */
export function apiKeyParam() {
  const schema = raw().transform((v): string | undefined => (v === undefined || v === "" ? undefined : v));
  return register(schema, {
    kind: "string",
    secret: true,
    credential: true,
    cacheKey: false,
    description: "The API key, when the X-API-Key header cannot be used (the header is preferred).",
  });
}

const SIGNED_URL_META = { cacheKey: false, signing: true } as const;

/**
 * The parameters of a signed URL (D15), shared by both endpoints: fields of the one schema, so
 * the docs, playground and OpenAPI list them. Authentication (lib/api/signed-auth.ts) parses them
 * with these same fields before it verifies the signature; none is part of the cache key.
 */
export function signedUrlParams() {
  const keyId = raw().transform((v, ctx): string | undefined => {
    if (v === undefined || v === "") return undefined;
    if (!PUBLIC_ID_PATTERN.test(v))
      return fail(ctx, "invalid_parameter", "key_id must be a key's public id: pk_live_ and 24 letters or digits.");
    return v;
  });
  const expires = raw().transform((v, ctx): number | undefined => {
    if (v === undefined || v === "") return undefined;
    if (!/^\d{1,12}$/.test(v))
      return fail(ctx, "invalid_parameter", "expires must be a time in unix seconds (plain decimal digits).");
    const latest = Math.floor(Date.now() / 1000) + MAX_EXPIRY_SECONDS;
    if (Number(v) > latest) {
      return fail(
        ctx,
        "parameter_out_of_range",
        `expires must be at most ${MAX_EXPIRY_SECONDS / 86_400} days from now.`,
      );
    }
    return Number(v);
  });
  const signature = raw().transform((v, ctx): string | undefined => {
    if (v === undefined || v === "") return undefined;
    if (!SIGNATURE_PATTERN.test(v))
      return fail(ctx, "invalid_parameter", "signature must be 64 hexadecimal characters (HMAC-SHA256).");
    return v.toLowerCase();
  });
  return {
    key_id: register(keyId, {
      kind: "string",
      ...SIGNED_URL_META,
      pattern: "pk_live_…",
      example: "pk_live_4eC39HqLyjWDarjtT1zdp7dc",
      description: "Signed URLs: the public id of the key that signed the URL (safe to publish). Replaces api_key.",
    }),
    expires: register(expires, {
      kind: "integer",
      ...SIGNED_URL_META,
      description: `Signed URLs, optional: unix time in seconds after which the URL is refused (at most ${MAX_EXPIRY_SECONDS / 86_400} days ahead).`,
    }),
    signature: register(signature, {
      kind: "string",
      ...SIGNED_URL_META,
      secret: true,
      pattern: "64 hex characters",
      description: "Signed URLs: HMAC-SHA256 of the canonical query under the key's signing secret (see Signed URLs).",
    }),
  };
}
