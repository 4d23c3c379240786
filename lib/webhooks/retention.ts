/**
 * Delivery-log retention (D20): finished deliveries (delivered or failed) and their attempts are
 * kept for WEBHOOK_LOG_RETENTION_DAYS, like the request log (D18). Each dispatcher prunes at most
 * once per PRUNE_INTERVAL_MS, a bounded number of rows at a time; pending deliveries are never
 * pruned, however old.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";

export const WEBHOOK_LOG_RETENTION_DAYS = 30;
export const PRUNE_INTERVAL_MS = 10 * 60_000;
const MAX_DELETED_PER_RUN = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes finished deliveries older than the retention (their attempts go with them); returns how many. */
export async function pruneWebhookLog(now = new Date()): Promise<number> {
  const pool = await getPool();
  const cutoff = new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * DAY_MS);
  const { rowCount } = await pool.query(
    `DELETE FROM "webhook_deliveries" WHERE "id" IN (
       SELECT "id" FROM "webhook_deliveries" WHERE "state" <> 'pending' AND "finished_at" < $1 LIMIT $2)`,
    [cutoff, MAX_DELETED_PER_RUN],
  );
  return rowCount ?? 0;
}
