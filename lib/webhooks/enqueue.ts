/**
 * Recording an event to deliver (D20). The delivery is a database row before anything is sent, so
 * it survives a restart; its id — the `webhook-id` header — is derived from the account and the
 * caller's event key (e.g. "job:<id>"), so enqueueing the same event twice (a job finished again
 * after a restart) yields the same single delivery.
 */
import "server-only";
import { createHash } from "node:crypto";
import { getPool } from "@/lib/db/pool";
import { wakeWebhookDispatcher } from "./dispatcher";
import type { WebhookEventType } from "./events";
import { defaultWebhookUrl, type Queryable } from "./settings";

export interface WebhookEvent {
  userId: string;
  type: WebhookEventType;
  /** Identifies the event among the account's: one delivery (one webhook-id) per key, ever. */
  key: string;
  /** The event's data, sent as `data` in the body. */
  data: Record<string, unknown>;
  /** The URL given with the job; without it the account's default URL, and without that nothing is sent. */
  url?: string | null;
}

export function webhookIdFor(userId: string, key: string): string {
  return `msg_${createHash("sha256").update(`${userId}\n${key}`, "utf8").digest("base64url").slice(0, 27)}`;
}

/**
 * Records the delivery (inside the caller's transaction when `client` is one, so the event and
 * what caused it commit together) and wakes this instance's dispatcher. Returns the webhook-id,
 * or null when the account has no URL to send to. The URL was checked when it was saved and is
 * checked again on every attempt.
 */
export async function enqueueWebhook(event: WebhookEvent, client?: Queryable): Promise<string | null> {
  const db = client ?? (await getPool());
  // The default is read through the same client: inside a transaction on the embedded database,
  // which runs one transaction at a time, a read on another connection would wait forever.
  const url = event.url ?? (await defaultWebhookUrl(event.userId, db));
  if (!url) return null;
  const id = webhookIdFor(event.userId, event.key);
  const createdAt = new Date();
  const body = JSON.stringify({ type: event.type, timestamp: createdAt.toISOString(), data: event.data });
  await db.query(
    `INSERT INTO "webhook_deliveries" ("id", "user_id", "event_type", "url", "body", "created_at", "next_attempt_at")
     VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT ("id") DO NOTHING`,
    [id, event.userId, event.type, url, body, createdAt],
  );
  // Inside a transaction the row is not visible before the commit; the next poll finds it then.
  if (!client) wakeWebhookDispatcher();
  return id;
}
