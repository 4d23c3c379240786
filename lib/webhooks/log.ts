/** The delivery log the dashboard shows (D20): the account's recent deliveries, each with every attempt. */
import "server-only";
import { getDb } from "@/lib/db";

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
      attemptsLog: { orderBy: { attempt: "asc" }, select: { attempt: true, startedAt: true, durationMs: true, statusCode: true, error: true, ok: true } },
    },
  });
}

export type DeliveryLogEntry = Awaited<ReturnType<typeof recentDeliveries>>[number];
