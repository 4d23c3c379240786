/**
 * The job rows (D20): the truth about every async job, written before the 202 — recording jobs,
 * batches and monitors' runs, and reading them for their owner. The workers' side (claims,
 * leases, the end of a job) is claims.ts.
 */
import "server-only";
import { randomInt } from "node:crypto";
import type { PoolClient } from "pg";
import { getPool, inTransaction } from "@/lib/db/pool";
import type { JobRequest } from "./endpoint";
import { sealRequest } from "./sealed-request";
import type { JobType } from "./types";

type JobState = "queued" | "running" | "succeeded" | "failed";

/** The job row's endpoint for a monitor's run (D27): never a POST /v1/jobs endpoint. */
export const MONITOR_RUN = "monitor";

/** The job row's endpoint for one page of a crawl (D32): never a POST /v1/jobs endpoint. */
export const CRAWL_PAGE = "crawl";

/**
 * The job kinds that are not render requests, by the job row's endpoint (a union: a new kind joins
 * it): each has its runner where the workers start (lib/monitors/start.ts `startMonitoring`),
 * which fails to compile without it.
 */
export type JobKindName = typeof MONITOR_RUN | typeof CRAWL_PAGE;

export interface JobRow {
  id: string;
  user_id: string;
  api_key_id: string | null;
  /** The connected app (OAuth grant, D25) it was accepted through: checked when it starts (migration 0030). */
  oauth_grant_id: string | null;
  batch_id: string | null;
  /** A render endpoint, or "monitor" for a monitor's run (D27). */
  endpoint: JobType | JobKindName;
  /** A crawl's page (D32): the crawl; the page is the crawl_pages row naming this job. */
  crawl_id: string | null;
  /** A monitor's run: the monitor, and the tick of a scheduled run (null for a run asked for). */
  monitor_id: string | null;
  scheduled_for: Date | null;
  /** The request's plain pairs; its secret ones are sealed in request_secrets (sealed-request.ts). */
  request: Array<[string, string]> | null;
  request_secrets: string | null;
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
  oauthGrantId?: string;
}

const INSERT_JOB = `INSERT INTO jobs (id, user_id, api_key_id, batch_id, endpoint, request, request_secrets, timeout_ms, webhook_url, store, oauth_grant_id)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`;

/** A job row's values; its secret parameters sealed (D19, D20). */
async function jobValues(
  owner: Owner,
  batchId: string | null,
  request: JobRequest,
  webhookUrl: string | null,
): Promise<unknown[]> {
  const stored = await sealRequest(owner.userId, request.endpoint, request.query);
  return [
    newId("job_"),
    owner.userId,
    owner.apiKeyId,
    batchId,
    request.endpoint,
    JSON.stringify(stored.request),
    stored.requestSecrets,
    request.timeoutMs ?? null,
    webhookUrl,
    request.store === true,
    owner.oauthGrantId ?? null,
  ];
}

/** Records one job; it is queued from here on, whatever happens to the queue (D20). */
export async function insertJob(owner: Owner, request: JobRequest, webhookUrl: string | undefined): Promise<JobRow> {
  const pool = await getPool();
  const { rows } = await pool.query<JobRow>(INSERT_JOB, await jobValues(owner, null, request, webhookUrl ?? null));
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
      const { rows } = await client.query<JobRow>(INSERT_JOB, await jobValues(owner, batch.id, request, null));
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
  ).query<JobRow>(`SELECT * FROM jobs WHERE id = $1 AND user_id = $2 AND monitor_id IS NULL AND crawl_id IS NULL`, [
    id,
    userId,
  ]);
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

/**
 * Records `count` queued jobs for pages of a crawl (D32), in the caller's transaction (the one
 * that records the pages they render): their ids, in order.
 */
export async function insertCrawlPageJobs(
  client: PoolClient,
  owner: Owner,
  crawlId: string,
  count: number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId("job_"));
  if (count === 0) return ids;
  await client.query(
    `INSERT INTO jobs (id, user_id, api_key_id, oauth_grant_id, endpoint, request, crawl_id)
     SELECT id, $2, $3, $4, $5, '[]'::jsonb, $6 FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n) ORDER BY n`,
    [ids, owner.userId, owner.apiKeyId, owner.oauthGrantId ?? null, CRAWL_PAGE, crawlId],
  );
  return ids;
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

/** Jobs by state, all accounts (the metrics' glance_jobs gauge, D40): one grouped count over the state index. */
export async function countJobsByState(): Promise<Record<string, number>> {
  const pool = await getPool();
  const { rows } = await pool.query<{ state: string; n: number }>(
    `SELECT state, count(*)::int AS n FROM jobs GROUP BY state`,
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
