/**
 * An account's webhook signing secret (D20), in the Standard Webhooks form `whsec_<base64>`. Like a
 * key's URL-signing secret (D15) it is derived, never stored:
 *
 *   whsec_ + base64(HMAC-SHA256(server URL-signing secret, "glance-webhook-v1\n" + user id + "\n" + nonce))
 *
 * The database keeps only the random nonce, so a dump of it cannot forge a delivery; rolling the
 * secret is a new nonce. Every instance needs the same URL_SIGNING_SECRET (it already must, D15).
 */
import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { persistedSecret } from "@/lib/secrets/persisted";

const DERIVATION_LABEL = "glance-webhook-v1";
const WEBHOOK_SECRET_PREFIX = "whsec_";

export function newSecretNonce(): string {
  return randomBytes(18).toString("base64url");
}

export async function deriveWebhookSecret(userId: string, nonce: string): Promise<string> {
  const server = await persistedSecret(env().URL_SIGNING_SECRET, "url-signing-secret");
  const mac = createHmac("sha256", server).update(`${DERIVATION_LABEL}\n${userId}\n${nonce}`, "utf8").digest("base64");
  return WEBHOOK_SECRET_PREFIX + mac;
}
