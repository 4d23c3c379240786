/**
 * A monitor's baseline (D27): the capture its runs are compared with, kept in PostgreSQL
 * (monitor_baselines) for as long as the monitor exists — unlike a stored result, which lives for
 * the plan's cache time. It belongs to lib/diff rather than lib/monitors because /v1/diff compares
 * with it too (compareTo=<monitor id>). Reads are keyed by the owner, so another account's monitor
 * has no baseline to read.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";
import type { PlanId } from "@/lib/plans";
import { storeDerivedImage } from "@/lib/results";
import type { Region } from "@/lib/screenshot/regions";

/** A pool or one client of it, e.g. inside the caller's transaction. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

export interface Baseline {
  monitorId: string;
  image: Buffer;
  width: number;
  height: number;
  ignoredRegions: Region[] | null;
  /** The run whose capture it is. */
  runId: string;
  capturedAt: Date;
}

interface BaselineRow {
  monitor_id: string;
  image: Buffer;
  width: number;
  height: number;
  ignored_regions: Region[] | null;
  run_id: string;
  captured_at: Date;
}

/** The owner's monitor and its baseline (null before its first run succeeds); undefined when the owner has no such monitor. */
export async function findBaseline(
  monitorId: string,
  ownerId: string,
): Promise<{ baseline: Baseline | null } | undefined> {
  const { rows } = await (
    await getPool()
  ).query<{ id: string } & Partial<BaselineRow>>(
    `SELECT m.id, b.* FROM monitors m LEFT JOIN monitor_baselines b ON b.monitor_id = m.id WHERE m.id = $1 AND m.user_id = $2`,
    [monitorId, ownerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.monitor_id) return { baseline: null };
  return {
    baseline: {
      monitorId: row.monitor_id,
      image: row.image!,
      width: row.width!,
      height: row.height!,
      ignoredRegions: row.ignored_regions ?? null,
      runId: row.run_id!,
      capturedAt: row.captured_at!,
    },
  };
}

/** Makes `baseline` the monitor's (inside the caller's transaction when `db` is one). */
export async function saveBaseline(
  db: Queryable,
  ownerId: string,
  baseline: Omit<Baseline, "capturedAt">,
): Promise<void> {
  await db.query(
    `INSERT INTO monitor_baselines (monitor_id, user_id, image, width, height, ignored_regions, run_id, captured_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (monitor_id) DO UPDATE SET image = EXCLUDED.image, width = EXCLUDED.width, height = EXCLUDED.height,
       ignored_regions = EXCLUDED.ignored_regions, run_id = EXCLUDED.run_id, captured_at = EXCLUDED.captured_at`,
    [
      baseline.monitorId,
      ownerId,
      baseline.image,
      baseline.width,
      baseline.height,
      baseline.ignoredRegions ? JSON.stringify(baseline.ignoredRegions) : null,
      baseline.runId,
    ],
  );
}

/** The baseline as a stored file with a URL (for an answer, the dashboard), living the plan's cache time. */
export async function publishBaseline(baseline: Baseline, ownerId: string, plan: PlanId): Promise<string> {
  const { url } = await storeDerivedImage({
    accountId: ownerId,
    plan,
    endpoint: "monitors",
    keyParams: { baselineOf: baseline.monitorId, run: baseline.runId },
    png: baseline.image,
    width: baseline.width,
    height: baseline.height,
  });
  return url;
}
