/**
 * The job rows (D20): the truth about every async job, written before the 202. Claims, lease
 * renewals and finishing are single conditional statements, so however many instances and
 * queue deliveries race for a job, one holds it at a time and one records its end.
 */
import "server-only";
import { randomInt } from "node:crypto";
import type { PoolClient } from "pg";
import { getPool } from "@/lib/db/pool";
import type { JobRequest } from "./endpoint";
import type { JobType } from "./types";

type JobState = "queued" | "running" | "succeeded" | "failed";

/** The job row's endpoint for a monitor's run (D27): never a POST /v1/jobs endpoint. */
export const MONITOR_RUN = "monitor";

export interface JobRow {
  id: string;
  user_id: string;
  api_key_id: string | null;
  batch_id: string | null;
  /** A render endpoint, or "monitor" for a monitor's run (D27). */
  endpoint: JobType | typeof MONITOR_RUN;
  /** A monitor's run: the monitor, and the tick of a scheduled run (null for a run asked for). */
  monitor_id: string | null;
  scheduled_for: Date | null;
  request: Array<[string, string]> | null;
  timeout_ms: number | null;
  webhook_url: string | null;
  store: boolean;
  stored: Record<string, unknown> | null;
  state: JobState;
  attempts: number;
  lease_owner: string | null;
  result: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface BatchRow {
  id: string;
  user_id: string;
  webhook_url: string | null;
  size: number;
  created_at: Date;
  finished_at: Date | null;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** `job_` or `batch_` + 24 random characters: unguessable, though ownership is checked anyway. */
function newId(prefix: string): string {
  let out = prefix;
  for (let i = 0; i < 24; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

interface Owner {
  userId: string;
  apiKeyId: string | null;
}

async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await (await getPool()).connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const INSERT_JOB = `INSERT INTO jobs (id, user_id, api_key_id, batch_id, endpoint, request, timeout_ms, webhook_url, store)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`;

/** Records one job; it is queued from here on, whatever happens to the queue (D20). */
export async function insertJob(owner: Owner, request: JobRequest, webhookUrl: string | undefined): Promise<JobRow> {
  const pool = await getPool();
  const { rows } = await pool.query<JobRow>(INSERT_JOB, [
    newId("job_"),
    owner.userId,
    owner.apiKeyId,
    null,
    request.endpoint,
    JSON.stringify(request.query),
    request.timeoutMs ?? null,
    webhookUrl ?? null,
    request.store === true,
  ]);
  return rows[0];
}

/** Records a batch and all its jobs in one transaction: all of them are accepted, or none. */
export async function insertBatch(
  owner: Owner,
  requests: JobRequest[],
  webhookUrl: string | undefined,
): Promise<{ batch: BatchRow; jobs: JobRow[] }> {
  return inTransaction(async (client) => {
    const batch = (
      await client.query<BatchRow>(
        `INSERT INTO job_batches (id, user_id, webhook_url, size) VALUES ($1, $2, $3, $4) RETURNING *`,
        [newId("batch_"), owner.userId, webhookUrl ?? null, requests.length],
      )
    ).rows[0];
    const jobs: JobRow[] = [];
    for (const request of requests) {
      // A batch's items have no webhook of their own: the batch's is called once, at the end.
      const { rows } = await client.query<JobRow>(INSERT_JOB, [
        newId("job_"),
        owner.userId,
        owner.apiKeyId,
        batch.id,
        request.endpoint,
        JSON.stringify(request.query),
        request.timeoutMs ?? null,
        null,
        request.store === true,
      ]);
      jobs.push(rows[0]);
    }
    return { batch, jobs };
  });
}

/**
 * The account's own job; another account's id reads exactly like one that does not exist. A
 * monitor's runs are read through the monitor (D27), not as jobs.
 */
export async function findJob(id: string, userId: string): Promise<JobRow | undefined> {
  const { rows } = await (
    await getPool()
  ).query<JobRow>(`SELECT * FROM jobs WHERE id = $1 AND user_id = $2 AND monitor_id IS NULL`, [id, userId]);
  return rows[0];
}

/**
 * Records a monitor's run (D27) as a queued job. A scheduled run names its tick: of any number of
 * instances recording the same tick, one row is written (the others get undefined).
 */
export async function insertMonitorRun(
  ownerId: string,
  monitorId: string,
  scheduledFor: Date | null,
): Promise<JobRow | undefined> {
  const { rows } = await (
    await getPool()
  ).query<JobRow>(
    `INSERT INTO jobs (id, user_id, endpoint, request, monitor_id, scheduled_for) VALUES ($1, $2, $3, '[]'::jsonb, $4, $5)
     ON CONFLICT (monitor_id, scheduled_for) DO NOTHING RETURNING *`,
    [newId("job_"), ownerId, MONITOR_RUN, monitorId, scheduledFor],
  );
  return rows[0];
}

/** A monitor's runs, newest first (the owner's only). */
export async function listMonitorRuns(monitorId: string, ownerId: string, limit: number): Promise<JobRow[]> {
  const { rows } = await (
    await getPool()
  ).query<JobRow>(
    `SELECT * FROM jobs WHERE monitor_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
    [monitorId, ownerId, limit],
  );
  return rows;
}

export async function findBatch(id: string, userId: string): Promise<{ batch: BatchRow; jobs: JobRow[] } | undefined> {
  const pool = await getPool();
  const batch = (await pool.query<BatchRow>(`SELECT * FROM job_batches WHERE id = $1 AND user_id = $2`, [id, userId]))
    .rows[0];
  if (!batch) return undefined;
  const jobs = (await pool.query<JobRow>(`SELECT * FROM jobs WHERE batch_id = $1 ORDER BY created_at, id`, [id])).rows;
  return { batch, jobs };
}

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
      `UPDATE jobs SET state = $3, result = $4, error = $5, stored = $6, request = NULL, lease_until = NULL, finished_at = now()
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

/** A user's plan and the key's restrictions as they are now, for a job about to run. */
export async function ownerNow(
  userId: string,
  apiKeyId: string | null,
): Promise<{ plan: string; monthly_render_cap: number | null; allowed_endpoints: string[] | null } | undefined> {
  const { rows } = await (
    await getPool()
  ).query<{ plan: string; monthly_render_cap: number | null; allowed_endpoints: string[] | null }>(
    `SELECT u.plan::text AS plan, k.monthly_render_cap, k.allowed_endpoints FROM users u LEFT JOIN api_keys k ON k.id = $2 WHERE u.id = $1`,
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
