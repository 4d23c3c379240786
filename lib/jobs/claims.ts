/**
 * The workers' side of the job rows (D20): claims, lease renewals, releases and finishing are
 * single conditional statements, so however many instances and queue deliveries race for a job,
 * one holds it at a time and one records its end; with the orphan sweep and the retention prune.
 */
import "server-only";
import type { PoolClient } from "pg";
import { getPool, inTransaction } from "@/lib/db/pool";
import type { BatchRow, JobRow } from "./store";

/** `ahead`: the account's queued jobs in line before this one (for how long it should wait). */
export type Claim = { kind: "claimed"; job: JobRow } | { kind: "account_busy"; ahead: number } | { kind: "gone" };

/**
 * Takes the job for `owner` for `leaseMs`: a queued job, or a running one whose lease ran out
 * (its instance died). Under the account's row lock the account's live claims are counted first,
 * so at most `accountLimit` of its jobs run at once across all instances (D20).
 */
export async function claimJob(id: string, owner: string, leaseMs: number, accountLimit: number): Promise<Claim> {
  return inTransaction(async (client) => {
    const current = (
      await client.query<{ user_id: string }>(
        `SELECT user_id FROM jobs WHERE id = $1 AND (state = 'queued' OR (state = 'running' AND lease_until < now()))`,
        [id],
      )
    ).rows[0];
    if (!current) return { kind: "gone" as const };
    await client.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [current.user_id]);
    const running = (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE user_id = $1 AND state = 'running' AND lease_until >= now() AND id <> $2`,
        [current.user_id, id],
      )
    ).rows[0].n;
    if (running >= accountLimit) {
      const ahead = (
        await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs j, jobs me WHERE me.id = $2 AND j.user_id = $1 AND j.state = 'queued' AND (j.created_at, j.id) < (me.created_at, me.id)`,
          [current.user_id, id],
        )
      ).rows[0].n;
      return { kind: "account_busy" as const, ahead };
    }
    const { rows } = await client.query<JobRow>(
      `UPDATE jobs SET state = 'running', lease_owner = $2, lease_until = now() + make_interval(secs => $3::double precision / 1000),
         attempts = attempts + 1, started_at = COALESCE(started_at, now())
       WHERE id = $1 AND (state = 'queued' OR (state = 'running' AND lease_until < now())) RETURNING *`,
      [id, owner, leaseMs],
    );
    return rows[0] ? { kind: "claimed" as const, job: rows[0] } : { kind: "gone" as const };
  });
}

/** Extends a claim still held; false when another instance took the job over. */
export async function renewLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
  const { rowCount } = await (
    await getPool()
  ).query(
    `UPDATE jobs SET lease_until = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
    [id, owner, leaseMs],
  );
  return rowCount === 1;
}

/**
 * Gives a claimed job back to the queue (renderers busy, shutting down): it runs again later. The
 * claim is not counted as an attempt: attempts count runs that were cut off.
 */
export async function releaseJob(id: string, owner: string): Promise<void> {
  await (
    await getPool()
  ).query(
    `UPDATE jobs SET state = 'queued', lease_until = NULL, attempts = attempts - 1 WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
    [id, owner],
  );
}

/** `stored`: where the result was uploaded, for a job asked with store=true (D20). */
export type Outcome =
  | { state: "succeeded"; result: Record<string, unknown>; stored?: Record<string, unknown> }
  | { state: "failed"; error: Record<string, unknown> };

/**
 * Records the job's end, if `owner` still holds it (one end per job, whoever else ran it), and
 * forgets its request (it may hold secrets). When it was its batch's last, the batch ends too: the
 * batch row is locked first, so of two last jobs ending at once exactly one sees the batch done.
 */
export async function finishJob(
  id: string,
  owner: string,
  outcome: Outcome,
  /** Runs in the same transaction once the end is recorded (the completion hook, lib/jobs/complete.ts). */
  announce: (client: PoolClient, ended: { job: JobRow; batch?: BatchRow }) => Promise<void>,
): Promise<{ job: JobRow; batch?: BatchRow } | undefined> {
  return inTransaction(async (client) => {
    const { rows } = await client.query<JobRow>(
      `UPDATE jobs SET state = $3, result = $4, error = $5, stored = $6, request = NULL, request_secrets = NULL, lease_until = NULL, finished_at = now()
       WHERE id = $1 AND lease_owner = $2 AND state = 'running' RETURNING *`,
      [
        id,
        owner,
        outcome.state,
        outcome.state === "succeeded" ? JSON.stringify(outcome.result) : null,
        outcome.state === "failed" ? JSON.stringify(outcome.error) : null,
        outcome.state === "succeeded" && outcome.stored ? JSON.stringify(outcome.stored) : null,
      ],
    );
    const job = rows[0];
    if (!job) return undefined;
    if (!job.batch_id) {
      await announce(client, { job });
      return { job };
    }
    await client.query(`SELECT 1 FROM job_batches WHERE id = $1 FOR UPDATE`, [job.batch_id]);
    const batch = (
      await client.query<BatchRow>(
        `UPDATE job_batches SET finished_at = now() WHERE id = $1 AND finished_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM jobs WHERE batch_id = $1 AND state IN ('queued', 'running')) RETURNING *`,
        [job.batch_id],
      )
    ).rows[0];
    const ended = { job, ...(batch ? { batch } : {}) };
    await announce(client, ended);
    return ended;
  });
}

/**
 * Jobs nobody is working on: queued for more than `queuedForMs` (their queue entry may be lost:
 * Redis flushed, or down when they were accepted) or running past their lease (their instance
 * died). The sweep puts them on the queue again; claiming them stays one at a time.
 */
export async function orphanedJobs(queuedForMs: number, limit = 500): Promise<Array<{ id: string }>> {
  const { rows } = await (
    await getPool()
  ).query<{ id: string }>(
    `SELECT id FROM jobs
     WHERE (state = 'queued' AND created_at < now() - make_interval(secs => $1::double precision / 1000))
        OR (state = 'running' AND lease_until < now())
     ORDER BY created_at LIMIT $2`,
    [queuedForMs, limit],
  );
  return rows;
}

/** The workspace's plan and the job's key as they are now, for a job about to run. */
interface OwnerNow {
  plan: string;
  monthly_render_cap: number | null;
  allowed_endpoints: string[] | null;
  /** The key is still the workspace's and not revoked (false too when it is gone). */
  key_live: boolean;
  key_paused: boolean;
}

/** The workspace's standing and its key's, read when a job starts (D20, D28); undefined when the workspace is gone. */
export async function ownerNow(userId: string, apiKeyId: string | null): Promise<OwnerNow | undefined> {
  const { rows } = await (
    await getPool()
  ).query<OwnerNow>(
    `SELECT u.plan::text AS plan, k.monthly_render_cap, k.allowed_endpoints,
       (k.id IS NOT NULL AND k.revoked_at IS NULL) AS key_live, COALESCE(k.paused_at IS NOT NULL, false) AS key_paused
     FROM users u LEFT JOIN api_keys k ON k.id = $2 AND k.user_id = u.id WHERE u.id = $1`,
    [userId, apiKeyId],
  );
  return rows[0];
}

const MAX_PRUNED_PER_RUN = 10_000;

/**
 * Deletes ended jobs and batches that ended before `cutoff` (a batch takes its jobs with it),
 * a bounded number at a time; queued and running ones are never pruned, however old.
 */
export async function pruneEndedJobs(cutoff: Date): Promise<number> {
  const pool = await getPool();
  const batches = await pool.query(
    `DELETE FROM job_batches WHERE id IN (SELECT id FROM job_batches WHERE finished_at < $1 LIMIT $2)`,
    [cutoff, MAX_PRUNED_PER_RUN],
  );
  const jobs = await pool.query(
    `DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE batch_id IS NULL AND state IN ('succeeded', 'failed') AND finished_at < $1 LIMIT $2)`,
    [cutoff, MAX_PRUNED_PER_RUN],
  );
  return (batches.rowCount ?? 0) + (jobs.rowCount ?? 0);
}
