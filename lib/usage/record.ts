/**
 * Usage events (one per /v1 request) written after the response has gone out, so the
 * caller never waits on bookkeeping. Failures are logged, never surfaced.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { monthKey } from "@/lib/usage/quota";

export interface UsageEventInput {
  userId: string;
  apiKeyId: string | null;
  endpoint: string;
  status: number;
  cache?: "HIT" | "MISS";
  renderMs?: number;
}

export async function recordUsage(event: UsageEventInput): Promise<void> {
  try {
    const db = await getDb();
    await db.$transaction([
      db.usageEvent.create({
        data: {
          userId: event.userId,
          apiKeyId: event.apiKeyId,
          endpoint: event.endpoint,
          status: event.status,
          cache: event.cache ?? null,
          renderMs: event.renderMs === undefined ? null : Math.round(event.renderMs),
        },
      }),
      db.$executeRaw`
        INSERT INTO monthly_usage (user_id, month, requests, renders) VALUES (${event.userId}, ${monthKey()}, 1, 0)
        ON CONFLICT (user_id, month) DO UPDATE SET requests = monthly_usage.requests + 1`,
    ]);
  } catch (error) {
    log.warn("could not record usage", { error, userId: event.userId });
  }
}
