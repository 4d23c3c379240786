/**
 * Request-log retention (D18): usage events are kept for USAGE_LOG_RETENTION_DAYS and at most
 * USAGE_LOG_MAX_ROWS_PER_ACCOUNT per account (the newest), so the table stays bounded whatever
 * an account sends. Pruning runs in the background after a batch write, at most once per
 * PRUNE_INTERVAL_MS per instance; each run deletes a bounded number of rows, so a backlog is
 * worked off over several runs instead of one long statement.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";
import { log } from "@/lib/log";
import { monthKey } from "@/lib/usage/quota";

export const USAGE_LOG_RETENTION_DAYS = 30;
export const USAGE_LOG_MAX_ROWS_PER_ACCOUNT = 200_000;
const PRUNE_INTERVAL_MS = 10 * 60_000;
/** Rows one age-based pass deletes at most. */
const MAX_DELETED_PER_RUN = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const PRUNE = Symbol.for("glance.usage.prune");
const shared = globalThis as { [PRUNE]?: { lastRun: number; accounts: Set<string>; running?: Promise<void> } };
const state = (shared[PRUNE] ??= { lastRun: 0, accounts: new Set() });

/** Notes accounts that just wrote events and prunes when the interval has passed. */
export function pruneUsageLogSoon(userIds: Iterable<string>, now = Date.now()): void {
  for (const id of userIds) state.accounts.add(id);
  if (state.running || now - state.lastRun < PRUNE_INTERVAL_MS) return;
  state.lastRun = now;
  const accounts = [...state.accounts];
  state.accounts.clear();
  state.running = pruneUsageLog(accounts, new Date(now))
    .then(() => undefined)
    .catch((error: unknown) => log.warn("could not prune the request log", { error }))
    .finally(() => (state.running = undefined));
}

/** Deletes events past the retention and, for the given accounts, beyond the per-account bound. */
export async function pruneUsageLog(
  userIds: readonly string[],
  now = new Date(),
  maxRowsPerAccount = USAGE_LOG_MAX_ROWS_PER_ACCOUNT,
): Promise<{ expired: number; overflow: number }> {
  const pool = await getPool();
  const cutoff = now.getTime() - USAGE_LOG_RETENTION_DAYS * DAY_MS;
  const expired = await pool.query(
    `DELETE FROM usage_events WHERE id IN (
       SELECT id FROM usage_events WHERE created_at < to_timestamp($1 / 1000.0) AT TIME ZONE 'UTC' LIMIT $2)`,
    [cutoff, MAX_DELETED_PER_RUN],
  );
  let overflow = 0;
  const months = [monthKey(now), monthKey(new Date(cutoff))];
  for (const userId of userIds) {
    // The month counters tell cheaply whether the account can be over the bound at all.
    const { rows } = await pool.query<{ n: string | null }>(
      `SELECT sum(requests) AS n FROM monthly_usage WHERE user_id = $1 AND month = ANY($2::text[])`,
      [userId, months],
    );
    if (Number(rows[0]?.n ?? 0) <= maxRowsPerAccount) continue;
    const deleted = await pool.query(
      // (time, id): a batch's events share one millisecond, so time alone would cut through them.
      `DELETE FROM usage_events WHERE user_id = $1 AND (created_at, id) <= (
         SELECT created_at, id FROM usage_events WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1)`,
      [userId, maxRowsPerAccount],
    );
    overflow += deleted.rowCount ?? 0;
  }
  return { expired: expired.rowCount ?? 0, overflow };
}
