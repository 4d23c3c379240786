/**
 * Verifying a webhook delivery (Standard Webhooks, as the server signs them: lib/webhooks/deliver.ts).
 * The signed content is `webhook-id.webhook-timestamp.body`; `webhook-signature` holds one or more
 * space-separated `v1,<base64 HMAC-SHA256>` (two while a rolled secret's predecessor still signs),
 * keyed with the base64-decoded part of the `whsec_` secret.
 */
import { constantTimeEqual, fromBase64, hmacSha256 } from "./crypto.js";
import { WebhookVerificationError } from "./errors.js";
import type { WebhookEvent } from "./types.js";

/** Deliveries signed longer ago (or further ahead) than this are refused: a replay. */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>))
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  return undefined;
}

export interface VerifyWebhookOptions {
  toleranceSeconds?: number;
  /** The time to check the timestamp against (tests); default now. */
  now?: Date;
}

/**
 * Checks a delivery and returns its parsed event; throws WebhookVerificationError otherwise.
 * `body` must be the raw request body exactly as received, not re-serialised JSON.
 */
export async function verifyWebhook(
  secret: string,
  headers: HeaderSource,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("missing webhook headers");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("invalid webhook timestamp");
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS))
    throw new WebhookVerificationError("webhook timestamp out of tolerance");

  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  let key: Uint8Array;
  try {
    key = fromBase64(secret.replace(/^whsec_/, ""));
  } catch {
    throw new WebhookVerificationError("the secret is not a whsec_ base64 secret");
  }
  const expected = await hmacSha256(key, `${id}.${timestamp}.${text}`);
  const valid = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) return false;
    try {
      return constantTimeEqual(fromBase64(signature), expected);
    } catch {
      return false;
    }
  });
  if (!valid) throw new WebhookVerificationError("invalid webhook signature");
  return JSON.parse(text) as WebhookEvent;
}
