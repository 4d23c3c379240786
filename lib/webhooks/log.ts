/**
 * The delivery log the dashboard shows (D20): the account's recent deliveries, each with every
 * attempt, and sending a failed one again.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { wakeWebhookDispatcher } from "./dispatcher";

export async function recentDeliveries(userId: string, limit = 50) {
  const db = await getDb();
  return db.webhookDelivery.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      eventType: true,
      url: true,
      state: true,
      attempts: true,
      nextAttemptAt: true,
      createdAt: true,
      finishedAt: true,
      attemptsLog: {
        orderBy: { attempt: "asc" },
        select: { attempt: true, startedAt: true, durationMs: true, statusCode: true, error: true, ok: true },
      },
    },
  });
}

export type DeliveryLogEntry = Awaited<ReturnType<typeof recentDeliveries>>[number];

/**
 * Makes a failed delivery of the account due again, now: one more attempt under the same
 * webhook-id (retried on failure only if attempts are left). False when there is no such failed
 * delivery of this account.
 */
export async function redeliver(userId: string, deliveryId: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, userId, state: "failed" },
    data: { state: "pending", nextAttemptAt: new Date(), finishedAt: null, leaseUntil: null },
  });
  if (count > 0) wakeWebhookDispatcher();
  return count > 0;
}
