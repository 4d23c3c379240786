/**
 * A key's signing secret (D15) is derived, never stored:
 *
 *   ss_live_ + base64url(HMAC-SHA256(server URL-signing secret, "glance-signing-v1\n" + public id + "\n" + nonce))
 *
 * The database keeps only the public id and the random nonce; without the server secret
 * (URL_SIGNING_SECRET, or `${DATA_DIR}/url-signing-secret`) neither is worth anything, so a dump
 * of the database cannot sign a URL. Rolling the secret is a new nonce. Every instance must have
 * the same server secret, or a URL signed for one is refused by another.
 */
import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";
import { persistedSecret } from "@/lib/secrets/persisted";

const SIGNING_SECRET_PREFIX = "ss_live_";
const DERIVATION_LABEL = "glance-signing-v1";

function urlSigningServerSecret(): Promise<string> {
  return persistedSecret(env().URL_SIGNING_SECRET, "url-signing-secret");
}

export async function deriveSigningSecret(publicId: string, nonce: string): Promise<string> {
  const mac = createHmac("sha256", await urlSigningServerSecret())
    .update(`${DERIVATION_LABEL}\n${publicId}\n${nonce}`, "utf8")
    .digest("base64url");
  return SIGNING_SECRET_PREFIX + mac;
}
