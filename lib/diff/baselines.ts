/**
 * A monitor's baseline (D27): the capture its runs are compared with, kept in PostgreSQL
 * (monitor_baselines) for as long as the monitor exists — unlike a stored result, which lives for
 * the plan's cache time. It belongs to lib/diff rather than lib/monitors because /v1/diff compares
 * with it too (compareTo=<monitor id>). Reads are keyed by the owner, so another account's monitor
 * has no baseline to read. The bytes in the row are the truth the runs compare with; `image_key` names
 * the same bytes as a kept file (lib/results/kept.ts) — the capture of the run that took the
 * baseline, the very file that run shows — so a run's "before" link shows exactly what it compared
 * with, for as long as that run is kept, whatever later captures of the page do.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";
import { keepUntil, pngFile, storeKept } from "@/lib/results";
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
  /** The kept file (lib/results/kept.ts) holding the same bytes; null on baselines taken before there was one. */
  imageKey: string | null;
  capturedAt: Date;
}

interface BaselineRow {
  monitor_id: string;
  image: Buffer;
  width: number;
  height: number;
  ignored_regions: Region[] | null;
  run_id: string;
  image_key: string | null;
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
      imageKey: row.image_key ?? null,
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
    `INSERT INTO monitor_baselines (monitor_id, user_id, image, width, height, ignored_regions, run_id, image_key, captured_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
     ON CONFLICT (monitor_id) DO UPDATE SET image = EXCLUDED.image, width = EXCLUDED.width, height = EXCLUDED.height,
       ignored_regions = EXCLUDED.ignored_regions, run_id = EXCLUDED.run_id, image_key = EXCLUDED.image_key,
       captured_at = EXCLUDED.captured_at`,
    [
      baseline.monitorId,
      ownerId,
      baseline.image,
      baseline.width,
      baseline.height,
      baseline.ignoredRegions ? JSON.stringify(baseline.ignoredRegions) : null,
      baseline.runId,
      baseline.imageKey,
    ],
  );
}

function baselineFile(baseline: Baseline) {
  return pngFile(baseline.image, baseline.width, baseline.height);
}

/**
 * The baseline's kept file, living at least `keepMs` from now (a run's retention for a run's
 * "before", the plan's cache time for an answer): its URL. A baseline taken before baselines had
 * one gets its kept file now.
 */
export async function publishBaseline(baseline: Baseline, ownerId: string, keepMs: number): Promise<string> {
  if (baseline.imageKey) return keepUntil(baseline.imageKey, Date.now() + keepMs, () => baselineFile(baseline));
  const { key, url } = await storeKept(baselineFile(baseline), keepMs);
  await (
    await getPool()
  ).query(
    `UPDATE monitor_baselines SET image_key = $4 WHERE monitor_id = $1 AND user_id = $2 AND run_id = $3 AND image_key IS NULL`,
    [baseline.monitorId, ownerId, baseline.runId, key],
  );
  return url;
}
