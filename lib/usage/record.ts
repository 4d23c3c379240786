/**
 * Usage events (one per /v1 request), written after the response has gone out and in batches:
 * under load, one multi-row insert and one counter upsert per account every flush instead of a
 * transaction per request, which would otherwise cost more than serving a cache hit.
 * Failures are logged, never surfaced.
 */
import "server-only";
import { Prisma } from "@/generated/prisma/client";
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

const FLUSH_AFTER_MS = 250;
const FLUSH_AT_EVENTS = 200;

interface Batch {
  events: Array<UsageEventInput & { at: Date }>;
  done: Promise<void>;
  resolve: () => void;
}

// One batcher per process, shared by every Next bundle that loads this module.
const BATCH = Symbol.for("glance.usage.batch");
const shared = globalThis as { [BATCH]?: { current?: Batch; timer?: NodeJS.Timeout } };
const state = (shared[BATCH] ??= {});

/** Queues the event; the promise settles when its batch is written (callers may ignore it). */
export function recordUsage(event: UsageEventInput): Promise<void> {
  if (!state.current) {
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    state.current = { events: [], done, resolve };
    state.timer = setTimeout(flushUsage, FLUSH_AFTER_MS);
    state.timer.unref?.();
  }
  const batch = state.current;
  batch.events.push({ ...event, at: new Date() });
  if (batch.events.length >= FLUSH_AT_EVENTS) void flushUsage();
  return batch.done;
}

/** Writes the pending batch now (also used on shutdown and by tests). */
export async function flushUsage(): Promise<void> {
  const batch = state.current;
  if (!batch) return;
  state.current = undefined;
  clearTimeout(state.timer);
  try {
    await writeBatch(batch.events);
  } catch (error) {
    log.warn("could not record usage", { error, events: batch.events.length });
  } finally {
    batch.resolve();
  }
}

async function writeBatch(events: Batch["events"]): Promise<void> {
  const db = await getDb();
  const requestsPerMonth = new Map<string, { userId: string; month: string; count: number }>();
  for (const e of events) {
    const month = monthKey(e.at);
    const k = `${e.userId}\u0000${month}`;
    const entry = requestsPerMonth.get(k) ?? { userId: e.userId, month, count: 0 };
    entry.count += 1;
    requestsPerMonth.set(k, entry);
  }
  const counters = [...requestsPerMonth.values()].map(
    (c) => Prisma.sql`(${c.userId}, ${c.month}, ${c.count}, 0)`,
  );
  await db.$transaction([
    db.usageEvent.createMany({
      data: events.map((e) => ({
        userId: e.userId,
        apiKeyId: e.apiKeyId,
        endpoint: e.endpoint,
        status: e.status,
        cache: e.cache ?? null,
        renderMs: e.renderMs === undefined ? null : Math.round(e.renderMs),
        createdAt: e.at,
      })),
    }),
    db.$executeRaw`
      INSERT INTO monthly_usage (user_id, month, requests, renders) VALUES ${Prisma.join(counters)}
      ON CONFLICT (user_id, month) DO UPDATE SET requests = monthly_usage.requests + EXCLUDED.requests`,
  ]);
}
