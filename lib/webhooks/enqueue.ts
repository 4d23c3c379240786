/**
 * Recording an event to deliver (D20). The delivery is a database row before anything is sent, so
 * it survives a restart; its id — the `webhook-id` header — is derived from the account and the
 * caller's event key (e.g. "job:<id>"), so enqueueing the same event twice (a job finished again
 * after a restart) yields the same single delivery.
 */
import "server-only";
import { createHash } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/db";
import { wakeWebhookDispatcher } from "./dispatcher";
import { defaultWebhookUrl } from "./settings";

export const WEBHOOK_EVENT_TYPES = ["job.succeeded", "job.failed", "batch.completed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

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

type Client = Prisma.TransactionClient | Awaited<ReturnType<typeof getDb>>;

export function webhookIdFor(userId: string, key: string): string {
  return `msg_${createHash("sha256").update(`${userId}\n${key}`, "utf8").digest("base64url").slice(0, 27)}`;
}

/**
 * Records the delivery (inside the caller's transaction when `tx` is given, so the event and
 * what caused it commit together) and wakes this instance's dispatcher. Returns the webhook-id,
 * or null when the account has no URL to send to. The URL was checked when it was saved and is
 * checked again on every attempt.
 */
export async function enqueueWebhook(event: WebhookEvent, tx?: Client): Promise<string | null> {
  const url = event.url ?? (await defaultWebhookUrl(event.userId));
  if (!url) return null;
  const id = webhookIdFor(event.userId, event.key);
  const createdAt = new Date();
  const body = JSON.stringify({ type: event.type, timestamp: createdAt.toISOString(), data: event.data });
  const db = tx ?? (await getDb());
  await db.webhookDelivery.createMany({
    data: [{ id, userId: event.userId, eventType: event.type, url, body, createdAt, nextAttemptAt: createdAt }],
    skipDuplicates: true,
  });
  // Inside a transaction the row is not visible before the commit; the poll finds it then.
  if (!tx) wakeWebhookDispatcher();
  return id;
}
