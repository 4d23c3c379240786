/**
 * Authentication of /v1 render requests (D15): a signed URL (`key_id`, optional `expires`,
 * `signature`) or else an API key (lib/api/auth.ts). A request is a signed one as soon as it
 * carries any of the three; then, in this order:
 *
 *   a name given twice, an API key alongside, a malformed or missing part   → 400 (D2)
 *   unknown or revoked key_id                                               → 401, the spec's text
 *   no signing secret yet, or a signature that does not match               → 403 invalid_signature
 *   a correct signature whose expires has passed                            → 403 signature_expired
 *
 * The key is read from the database on every request (no cache of "valid"), so a revocation or a
 * rolled signing secret applies to the next request on every instance. The comparison is
 * constant-time over the 32 signature bytes.
 */
import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { Caller } from "@/lib/vocabulary/caller";
import { authenticateApiKey, usableKeyOwner, type Authenticator } from "@/lib/api/auth";
import { ApiError } from "@/lib/vocabulary/errors";
import { signedUrlParams } from "@/lib/api/common-params";
import { duplicateError, parseField } from "@/lib/api/query";
import { deriveSigningSecret } from "@/lib/keys/signing-secret";
import { findKeyOwnerByPublicId, touchApiKey } from "@/lib/keys/service";
import { log } from "@/lib/log";
import { signatureFor } from "@/lib/signing/canonical";
import { EXPIRES_PARAM, KEY_ID_PARAM, SIGNATURE_PARAM, SIGNED_URL_PARAMS } from "@/lib/signing/names";

/** The same field definitions as the endpoint schemas' (one builder), parsed before the schema runs. */
const FIELDS = signedUrlParams();

function isSignedRequest(query: URLSearchParams): boolean {
  return SIGNED_URL_PARAMS.some((name) => query.has(name));
}

export const authenticateKeyOrSignature: Authenticator = (request, url) =>
  isSignedRequest(url.searchParams) ? authenticateSignature(request, url) : authenticateApiKey(request, url);

async function authenticateSignature(request: Request, url: URL): Promise<Caller> {
  const query = url.searchParams;
  // Duplicates first: the canonical form never has to choose between two values of one name.
  const seen = new Set<string>();
  for (const name of query.keys()) {
    if (seen.has(name)) throw duplicateError(name);
    seen.add(name);
  }
  if (query.has("api_key") || request.headers.has("x-api-key")) {
    throw new ApiError(
      "invalid_parameter",
      "A signed URL carries no API key: send key_id and signature, or an API key, not both.",
      {
        param: query.has("api_key") ? "api_key" : KEY_ID_PARAM,
      },
    );
  }
  const keyId = parseField(KEY_ID_PARAM, FIELDS.key_id, query.get(KEY_ID_PARAM) ?? undefined);
  const expires = parseField(EXPIRES_PARAM, FIELDS.expires, query.get(EXPIRES_PARAM) ?? undefined);
  const signature = parseField(SIGNATURE_PARAM, FIELDS.signature, query.get(SIGNATURE_PARAM) ?? undefined);
  if (!keyId)
    throw new ApiError("missing_parameter", "A signed URL needs key_id, the public id of the key that signed it.", {
      param: KEY_ID_PARAM,
    });
  if (!signature)
    throw new ApiError("missing_parameter", "A signed URL needs its signature.", { param: SIGNATURE_PARAM });

  const owner = await usableKeyOwner(() => findKeyOwnerByPublicId(keyId));
  if (!owner.signingNonce) {
    throw new ApiError(
      "invalid_signature",
      "This key has no signing secret yet: roll one for it in the dashboard, then sign with it.",
      {
        param: SIGNATURE_PARAM,
      },
    );
  }
  const expected = Buffer.from(
    signatureFor(await deriveSigningSecret(owner.publicId, owner.signingNonce), url.pathname, query),
    "hex",
  );
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
    throw new ApiError(
      "invalid_signature",
      "The signature does not match this URL's path and parameters for key_id's signing secret.",
      {
        param: SIGNATURE_PARAM,
      },
    );
  }
  if (expires !== undefined && expires * 1000 <= Date.now()) {
    throw new ApiError("signature_expired", `This signed URL expired at ${new Date(expires * 1000).toISOString()}.`, {
      param: EXPIRES_PARAM,
    });
  }
  touchApiKey(owner).catch((error: unknown) => log.warn("could not record key use", { error }));
  return {
    userId: owner.userId,
    plan: owner.plan,
    apiKeyId: owner.apiKeyId,
    keyLimits: owner.limits,
    signed: { expires },
  };
}
