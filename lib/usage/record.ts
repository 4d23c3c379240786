/**
 * Usage events (one per /v1 request), written after the response has gone out and in batches:
 * under load, one multi-row insert and one counter upsert per account every flush instead of a
 * transaction per request, which would otherwise cost more than serving a cache hit.
 * Failures are logged, never surfaced, and one bad row loses only itself: every string is made
 * storable first (NUL and lone surrogates, lib/vocabulary/stored-text.ts: a refused request's bad bytes
 * are what its log entry is about), and a batch that still fails is written again row by row (D18).
 */
import "server-only";
import { storableJson, storableText } from "@/lib/vocabulary/stored-text";
import type { RequestVia } from "@/lib/vocabulary/caller";
import { getPool } from "@/lib/db/pool";
import { log } from "@/lib/log";
import { monthKey } from "@/lib/usage/quota";
import { pruneUsageLogSoon } from "@/lib/usage/retention";

export interface UsageEventInput {
  userId: string;
  apiKeyId: string | null;
  endpoint: string;
  status: number;
  cache?: "HIT" | "MISS";
  renderMs?: number;
  /** For the request log (D18). */
  requestId?: string;
  errorCode?: string;
  targetHost?: string;
  /** One request's details (D33). */
  format?: string;
  targetUrl?: string;
  params?: Record<string, string>;
  totalMs?: number;
  errorDetail?: string;
  resultUrl?: string;
  via?: RequestVia;
  /** The request's trace (D40): its span's trace id, or the caller's traceparent's. */
  traceId?: string;
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
const shared = globalThis as {
  [BATCH]?: { current?: Batch; timer?: NodeJS.Timeout; writing?: Set<Promise<void>> };
};
const state = (shared[BATCH] ??= {});

export interface QueuedUsage {
  /** Settles when the event's batch is written (or failed and was logged). */
  written: Promise<void>;
  /** This event opened the batch: whoever keeps the process alive for it covers the whole batch. */
  openedBatch: boolean;
}

/** Queues the event for the next batch write. */
export function recordUsage(event: UsageEventInput): QueuedUsage {
  const openedBatch = !state.current;
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
  return { written: batch.done, openedBatch };
}

/**
 * Writes the pending batch now (also used on shutdown and by tests), and resolves once every
 * batch taken before it is written too: the timer's flush may have taken the last batch a moment
 * earlier, and a caller that reads the log next must see it.
 */
export async function flushUsage(): Promise<void> {
  const writing = (state.writing ??= new Set());
  const batch = state.current;
  if (batch) {
    state.current = undefined;
    clearTimeout(state.timer);
    const write = writeIsolated(batch.events)
      .then((written) => pruneUsageLogSoon(written.map((e) => e.userId)))
      .catch((error: unknown) => log.warn("could not record usage", { error, events: batch.events.length }))
      .finally(() => {
        batch.resolve();
        writing.delete(write);
      });
    writing.add(write);
  }
  await Promise.all([...writing]);
}

/**
 * The batch in one statement; when that fails (it writes nothing then: one statement), each event
 * on its own, so what one account sent cannot cost another account its log entries and counts.
 * Returns the events written.
 */
async function writeIsolated(events: Batch["events"]): Promise<Batch["events"]> {
  try {
    await writeBatch(events);
    return events;
  } catch (error) {
    if (events.length === 1) throw error;
    log.warn("usage batch failed; writing its events one by one", { error, events: events.length });
  }
  const written: Batch["events"] = [];
  for (const event of events) {
    try {
      await writeBatch([event]);
      written.push(event);
    } catch (error) {
      log.warn("could not record a usage event", { error, userId: event.userId, requestId: event.requestId });
    }
  }
  return written;
}

/** A text column's value: storable (D18), or null. */
const textOrNull = (value: string | undefined | null) => (value == null ? null : storableText(value));

/**
 * One statement per batch, in plain SQL on the shared pool: Prisma's createMany spends tens of
 * milliseconds of main-thread CPU building a 200-row insert, which showed up as the tail latency
 * of cache HITs under load. The events insert is a data-modifying CTE of the counter upsert, so
 * both happen atomically without a transaction of our own. Arrays are unnested server-side, so
 * the statement text is fixed. Times are sent as epoch ms and stored as UTC, as Prisma stores them.
 */
async function writeBatch(events: Batch["events"]): Promise<void> {
  const requestsPerMonth = new Map<string, { userId: string; month: string; count: number }>();
  for (const e of events) {
    const month = monthKey(e.at);
    const k = `${e.userId}\u0000${month}`;
    const entry = requestsPerMonth.get(k) ?? { userId: e.userId, month, count: 0 };
    entry.count += 1;
    requestsPerMonth.set(k, entry);
  }
  const counters = [...requestsPerMonth.values()];
  const pool = await getPool();
  await pool.query(
    `WITH written AS (
       INSERT INTO usage_events (user_id, api_key_id, endpoint, status, cache, render_ms, created_at, request_id, error_code, target_host,
                                 format, target_url, params, total_ms, error_detail, result_url, via, trace_id)
       SELECT u, k, e, s, c, r, to_timestamp(t / 1000.0) AT TIME ZONE 'UTC', q, ec, h, f, tu, p::jsonb, tm, ed, ru, v, ti
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[], $7::float8[], $11::text[], $12::text[], $13::text[],
                     $14::text[], $15::text[], $16::text[], $17::int[], $18::text[], $19::text[], $20::text[], $21::text[])
              AS x(u, k, e, s, c, r, t, q, ec, h, f, tu, p, tm, ed, ru, v, ti)
     )
     INSERT INTO monthly_usage (user_id, month, requests, renders)
     SELECT u, m, n, 0 FROM unnest($8::text[], $9::text[], $10::int[]) AS y(u, m, n)
     ON CONFLICT (user_id, month) DO UPDATE SET requests = monthly_usage.requests + EXCLUDED.requests`,
    [
      events.map((e) => e.userId),
      events.map((e) => e.apiKeyId),
      events.map((e) => storableText(e.endpoint)),
      events.map((e) => e.status),
      events.map((e) => e.cache ?? null),
      events.map((e) => (e.renderMs === undefined ? null : Math.round(e.renderMs))),
      events.map((e) => e.at.getTime()),
      counters.map((c) => c.userId),
      counters.map((c) => c.month),
      counters.map((c) => c.count),
      events.map((e) => textOrNull(e.requestId)),
      events.map((e) => textOrNull(e.errorCode)),
      events.map((e) => textOrNull(e.targetHost)),
      events.map((e) => textOrNull(e.format)),
      events.map((e) => textOrNull(e.targetUrl)),
      events.map((e) => (e.params ? JSON.stringify(storableJson(e.params)) : null)),
      events.map((e) => (e.totalMs === undefined ? null : Math.round(e.totalMs))),
      events.map((e) => textOrNull(e.errorDetail)),
      events.map((e) => textOrNull(e.resultUrl)),
      events.map((e) => e.via ?? null),
      events.map((e) => textOrNull(e.traceId)),
    ],
  );
}
