/**
 * Names and limits of signed URLs (D15), free of Node APIs so schemas, docs and client
 * components can share them. The canonical form: lib/signing/canonical-query.ts; signing: canonical.ts (Node), web-crypto.ts (browser).
 */
export const SIGNATURE_PARAM = "signature";
export const KEY_ID_PARAM = "key_id";
export const EXPIRES_PARAM = "expires";

/** The parameters that make a request a signed one. */
export const SIGNED_URL_PARAMS = [KEY_ID_PARAM, EXPIRES_PARAM, SIGNATURE_PARAM] as const;

/** Latest allowed `expires`, counted from the request: a signed URL cannot outlive this (D15). */
export const MAX_EXPIRY_SECONDS = 366 * 24 * 3600;

/** A key's public id: `pk_live_` + 24 letters and digits (lib/keys/format.ts makes them). */
export const PUBLIC_ID_PATTERN = /^pk_live_[A-Za-z0-9]{24}$/;

/** A signature: HMAC-SHA256 in hex (64 characters; upper-case hex is accepted too). */
export const SIGNATURE_PATTERN = /^[0-9a-fA-F]{64}$/;
