/**
 * The monitor rows (D27). Every read and write is keyed by the owner (lib/vocabulary/caller.ts ownerId),
 * so another account's monitor reads exactly like one that does not exist. The count limit is
 * checked under the owner's row lock, like the key limit (D5). Ticks of the in-process schedule
 * are claimed with one conditional update, so of many instances one records each tick.
 */
import "server-only";
import { randomInt } from "node:crypto";
import { getPool, inTransaction } from "@/lib/db/pool";
import type { JobRow } from "@/lib/jobs/store";
import type { Schedule } from "./schedule-rules";

export interface MonitorRow {
  id: string;
  user_id: string;
  name: string | null;
  url: string;
  /** The capture options as given (typed values), without headers and cookies. */
  capture: Record<string, unknown>;
  /** headers and cookies, sealed (lib/secrets/sealed.ts). */
  capture_secrets: string | null;
  interval_seconds: number | null;
  cron: string | null;
  threshold: number;
  pixel_threshold: number;
  include_antialiasing: boolean;
  ignore_selectors: string | null;
  webhook_url: string | null;
  email: string | null;
  baseline_mode: "rolling" | "fixed";
  paused: boolean;
  next_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What a monitor is made of, as written by create and update. */
export type MonitorFields = Omit<MonitorRow, "id" | "user_id" | "created_at" | "updated_at">;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function newMonitorId(): string {
  let out = "mon_";
  for (let i = 0; i < 24; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function scheduleOf(row: Pick<MonitorRow, "interval_seconds" | "cron">): Schedule {
  return row.cron ? { cron: row.cron } : { interval: row.interval_seconds ?? 86_400 };
}

const COLUMNS = [
  "name",
  "url",
  "capture",
  "capture_secrets",
  "interval_seconds",
  "cron",
  "threshold",
  "pixel_threshold",
  "include_antialiasing",
  "ignore_selectors",
  "webhook_url",
  "email",
  "baseline_mode",
  "paused",
  "next_run_at",
] as const satisfies ReadonlyArray<keyof MonitorFields>;

function values(fields: MonitorFields): unknown[] {
  return COLUMNS.map((c) => (c === "capture" ? JSON.stringify(fields.capture) : fields[c]));
}

/** Creates the monitor unless the owner already has `limit`: undefined then. */
export async function insertMonitor(
  ownerId: string,
  fields: MonitorFields,
  limit: number,
): Promise<MonitorRow | undefined> {
  return inTransaction(async (client) => {
    await client.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [ownerId]);
    const { n } = (
      await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM monitors WHERE user_id = $1`, [ownerId])
    ).rows[0];
    if (n >= limit) return undefined;
    const placeholders = COLUMNS.map((_, i) => `$${i + 3}`).join(", ");
    const { rows } = await client.query<MonitorRow>(
      `INSERT INTO monitors (id, user_id, ${COLUMNS.join(", ")}) VALUES ($1, $2, ${placeholders}) RETURNING *`,
      [newMonitorId(), ownerId, ...values(fields)],
    );
    return rows[0];
  });
}

export async function findMonitor(id: string, ownerId: string): Promise<MonitorRow | undefined> {
  const { rows } = await (
    await getPool()
  ).query<MonitorRow>(`SELECT * FROM monitors WHERE id = $1 AND user_id = $2`, [id, ownerId]);
  return rows[0];
}

export async function listMonitors(ownerId: string): Promise<MonitorRow[]> {
  const { rows } = await (
    await getPool()
  ).query<MonitorRow>(`SELECT * FROM monitors WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [ownerId]);
  return rows;
}

export async function updateMonitor(
  id: string,
  ownerId: string,
  fields: MonitorFields,
): Promise<MonitorRow | undefined> {
  const set = COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(", ");
  const { rows } = await (
    await getPool()
  ).query<MonitorRow>(`UPDATE monitors SET ${set}, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING *`, [
    id,
    ownerId,
    ...values(fields),
  ]);
  return rows[0];
}

/** Deletes the monitor with its baseline and runs; false when the owner has no such monitor. */
export async function deleteMonitor(id: string, ownerId: string): Promise<boolean> {
  const { rowCount } = await (
    await getPool()
  ).query(`DELETE FROM monitors WHERE id = $1 AND user_id = $2`, [id, ownerId]);
  return rowCount === 1;
}

/** The monitor a run belongs to, whoever asks (the worker, the scheduler): never for an answer. */
export async function monitorForRun(id: string): Promise<MonitorRow | undefined> {
  const { rows } = await (await getPool()).query<MonitorRow>(`SELECT * FROM monitors WHERE id = $1`, [id]);
  return rows[0];
}

/** Active monitors whose tick is due (the in-process schedule). */
export async function dueMonitors(limit = 100): Promise<MonitorRow[]> {
  const { rows } = await (
    await getPool()
  ).query<MonitorRow>(
    `SELECT * FROM monitors WHERE NOT paused AND next_run_at <= now() ORDER BY next_run_at LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Moves the next tick from `from` to `to` if no one else has: true for the one instance that did. */
export async function advanceTick(id: string, from: Date, to: Date): Promise<boolean> {
  const { rowCount } = await (
    await getPool()
  ).query(`UPDATE monitors SET next_run_at = $3 WHERE id = $1 AND next_run_at = $2 AND NOT paused`, [id, from, to]);
  return rowCount === 1;
}

/** Records the next tick as the schedule says (BullMQ's schedule, for the dashboard). */
export async function setNextRun(id: string, at: Date): Promise<void> {
  await (await getPool()).query(`UPDATE monitors SET next_run_at = $2 WHERE id = $1`, [id, at]);
}

/** Every active monitor: what the schedulers are rebuilt from. */
export async function activeMonitors(): Promise<MonitorRow[]> {
  const { rows } = await (await getPool()).query<MonitorRow>(`SELECT * FROM monitors WHERE NOT paused`);
  return rows;
}

/** The earliest tick to come (the in-process schedule sleeps until then). */
export async function earliestTick(): Promise<Date | null> {
  const { rows } = await (
    await getPool()
  ).query<{ at: Date | null }>(`SELECT min(next_run_at) AS at FROM monitors WHERE NOT paused`);
  return rows[0]?.at ?? null;
}

/** The sign-in address of the owner, for the e-mail rule. */
export async function ownerEmail(ownerId: string): Promise<string | null> {
  const { rows } = await (
    await getPool()
  ).query<{ email: string | null }>(`SELECT email FROM users WHERE id = $1`, [ownerId]);
  return rows[0]?.email ?? null;
}

/** The last ended run of each of the owner's monitors (the Monitors page's "last run"), by monitor id. */
export async function lastEndedRuns(ownerId: string): Promise<Map<string, JobRow>> {
  const { rows } = await (
    await getPool()
  ).query<JobRow>(
    `SELECT r.* FROM monitors m CROSS JOIN LATERAL (
       SELECT * FROM jobs j WHERE j.monitor_id = m.id AND j.user_id = m.user_id AND j.state IN ('succeeded', 'failed')
       ORDER BY j.created_at DESC, j.id DESC LIMIT 1
     ) r WHERE m.user_id = $1`,
    [ownerId],
  );
  return new Map(rows.map((row) => [row.monitor_id!, row]));
}
