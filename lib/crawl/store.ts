/**
 * The crawl rows (D32): a crawl, its pages (one row per URL key, so a page is recorded once however
 * often it is found) and the jobs that render them, written in one transaction each time pages are
 * added. Counters are conditional updates under the crawl's row lock, so the page limit holds
 * however many pages finish at once on however many instances.
 */
import "server-only";
import { randomInt } from "node:crypto";
import type { PoolClient } from "pg";
import { getPool, inTransaction } from "@/lib/db/pool";
import { insertCrawlPageJobs } from "@/lib/jobs/store";

export type CrawlStatus = "running" | "completed" | "cancelled" | "failed";
type PageStatus = "queued" | "completed" | "failed" | "skipped";

/** What the crawl was asked for, as stored: scope, depth, sitemap and the page options given. */
export interface CrawlOptions {
  depth: number;
  sitemap: "include" | "only" | "skip";
  subdomains: boolean;
  ignoreQueryParameters: boolean;
  include?: string[];
  exclude?: string[];
  /** The /v1/content parameters given for every page, as query values. */
  page: Record<string, string>;
  /** Send `crawl.page` as each page ends (D32). */
  pageWebhooks?: boolean;
  /** Whose page limit `page_limit` is: the request's `limit`, or the plan's pages per crawl (D32). */
  limitSource: "request" | "plan";
  /** The formats asked for (the render also reads links, for discovery; every answer has the title). */
  formats: string[];
}

export interface CrawlRow {
  id: string;
  user_id: string;
  api_key_id: string | null;
  oauth_grant_id: string | null;
  url: string;
  options: CrawlOptions;
  page_limit: number;
  discovered: number;
  status: CrawlStatus;
  stop_reason: string | null;
  webhook_url: string | null;
  /** The secret page options, sealed (./page-secrets.ts); null when there are none. */
  page_secrets: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface PageRow {
  /** The order it was found in. */
  seq: string;
  /** Its place among the crawl's ended pages (migration 0046): the order the results are read in. */
  end_seq: string | null;
  crawl_id: string;
  url_key: string;
  url: string;
  depth: number;
  status: PageStatus;
  job_id: string | null;
  result: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
  finished_at: Date | null;
  /** When its render was charged (./charge.ts), and the key whose cap counted it. */
  charged_at: Date | null;
  charged_key_id: string | null;
}

export interface NewPage {
  key: string;
  url: string;
  depth: number;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function newCrawlId(): string {
  let out = "crawl_";
  for (let i = 0; i < 24; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export async function runningCrawls(userId: string): Promise<number> {
  const { rows } = await (
    await getPool()
  ).query<{ n: number }>(`SELECT count(*)::int AS n FROM crawls WHERE user_id = $1 AND status = 'running'`, [userId]);
  return rows[0].n;
}

/**
 * Adds pages to a running crawl under its row lock: those not yet recorded (by URL key), up to
 * the crawl's page limit, each with its job. Returns the new jobs' ids, to put on the queue.
 */
export async function addPages(client: PoolClient, crawlId: string, found: readonly NewPage[]): Promise<string[]> {
  const crawl = (await client.query<CrawlRow>(`SELECT * FROM crawls WHERE id = $1 FOR UPDATE`, [crawlId])).rows[0];
  if (!crawl || crawl.status !== "running" || found.length === 0) return [];
  // One row per key even when the same page is found twice in one batch (the lock covers the rest).
  const pages = [...new Map(found.map((page) => [page.key, page])).values()];
  const room = crawl.page_limit - crawl.discovered;
  if (room <= 0) return [];
  const { rows } = await client.query<{ seq: string }>(
    `INSERT INTO crawl_pages (crawl_id, url_key, url, depth)
     SELECT $1, k, u, d FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS t(k, u, d, n)
     WHERE NOT EXISTS (SELECT 1 FROM crawl_pages c WHERE c.crawl_id = $1 AND c.url_key = t.k)
     ORDER BY n LIMIT $5
     ON CONFLICT (crawl_id, url_key) DO NOTHING RETURNING seq`,
    [crawlId, pages.map((p) => p.key), pages.map((p) => p.url), pages.map((p) => p.depth), room],
  );
  if (rows.length === 0) return [];
  const owner = { userId: crawl.user_id, apiKeyId: crawl.api_key_id, oauthGrantId: crawl.oauth_grant_id ?? undefined };
  const jobIds = await insertCrawlPageJobs(client, owner, crawlId, rows.length);
  await client.query(
    `UPDATE crawl_pages SET job_id = j.job_id FROM unnest($1::bigint[], $2::text[]) AS j(seq, job_id) WHERE crawl_pages.seq = j.seq`,
    [rows.map((r) => r.seq), jobIds],
  );
  await client.query(`UPDATE crawls SET discovered = discovered + $2 WHERE id = $1`, [crawlId, rows.length]);
  return jobIds;
}

/** Records a crawl and its start page (with its job). */
export async function insertCrawl(
  owner: { userId: string; apiKeyId: string | null; oauthGrantId?: string },
  crawl: {
    url: string;
    key: string;
    options: CrawlOptions;
    pageSecrets: string | null;
    pageLimit: number;
    webhookUrl?: string;
  },
): Promise<{ crawl: CrawlRow; jobIds: string[] }> {
  return inTransaction(async (client) => {
    const row = (
      await client.query<CrawlRow>(
        `INSERT INTO crawls (id, user_id, api_key_id, oauth_grant_id, url, options, page_limit, webhook_url, page_secrets)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [
          newCrawlId(),
          owner.userId,
          owner.apiKeyId,
          owner.oauthGrantId ?? null,
          crawl.url,
          JSON.stringify(crawl.options),
          crawl.pageLimit,
          crawl.webhookUrl ?? null,
          crawl.pageSecrets,
        ],
      )
    ).rows[0];
    const jobIds = await addPages(client, row.id, [{ key: crawl.key, url: crawl.url, depth: 0 }]);
    return { crawl: row, jobIds };
  });
}

/** The owner's crawl; another workspace's id reads exactly like one that does not exist. */
export async function findCrawl(id: string, userId: string): Promise<CrawlRow | undefined> {
  const { rows } = await (
    await getPool()
  ).query<CrawlRow>(`SELECT * FROM crawls WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows[0];
}

/** Any workspace's crawl by id: for a check that then names its owner (a signed download link). */
export async function crawlById(id: string): Promise<CrawlRow | undefined> {
  const { rows } = await (await getPool()).query<CrawlRow>(`SELECT * FROM crawls WHERE id = $1`, [id]);
  return rows[0];
}

export async function crawlOfJob(jobId: string): Promise<{ crawl: CrawlRow; page: PageRow } | undefined> {
  const pool = await getPool();
  const page = (await pool.query<PageRow>(`SELECT * FROM crawl_pages WHERE job_id = $1`, [jobId])).rows[0];
  if (!page) return undefined;
  const crawl = (await pool.query<CrawlRow>(`SELECT * FROM crawls WHERE id = $1`, [page.crawl_id])).rows[0];
  return crawl ? { crawl, page } : undefined;
}

export interface CrawlCounts {
  total: number;
  completed: number;
  failed: number;
  queued: number;
}

export async function crawlCounts(crawlId: string, client?: PoolClient): Promise<CrawlCounts> {
  const { rows } = await (client ?? (await getPool())).query<CrawlCounts>(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'completed'))::int AS completed,
       (count(*) FILTER (WHERE status = 'failed'))::int AS failed, (count(*) FILTER (WHERE status = 'queued'))::int AS queued
     FROM crawl_pages WHERE crawl_id = $1`,
    [crawlId],
  );
  return rows[0];
}

/**
 * Ends a running crawl: cancelled by its owner, or stopped at a limit (`stopReason`). Its queued
 * pages are skipped (their jobs end without rendering). False when it had ended already.
 */
export async function endCrawl(
  client: PoolClient,
  crawlId: string,
  status: Exclude<CrawlStatus, "running">,
  stopReason: string | null,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE crawls SET status = $2, stop_reason = $3, finished_at = now() WHERE id = $1 AND status = 'running'`,
    [crawlId, status, stopReason],
  );
  if (!rowCount) return false;
  await client.query(`UPDATE crawl_pages SET status = 'skipped' WHERE crawl_id = $1 AND status = 'queued'`, [crawlId]);
  return true;
}

/**
 * How long a fetch slot taken under a Crawl-delay is held at most: a page's render ends well
 * within it, and a worker that died holding the slot frees it when it lapses.
 */
const FETCH_SLOT_LEASE_MS = 120_000;

/**
 * Politeness (robots.txt Crawl-delay): takes the crawl's fetch slot, across every instance. Under a
 * Crawl-delay the crawl's fetches are one at a time: the slot is held while the page renders and
 * the next one opens `delayMs` after it ends (`endFetchSlot`), so the site sees at least the delay
 * between one fetch and the next, however long each render takes to reach it. 0 when the page may
 * be fetched now, else how long to wait before asking again.
 */
export async function reserveFetchSlot(crawlId: string, delayMs: number): Promise<number> {
  const pool = await getPool();
  const { rowCount } = await pool.query(
    `UPDATE crawls SET next_fetch_at = now() + make_interval(secs => $2::double precision / 1000)
      WHERE id = $1 AND next_fetch_at <= now()`,
    [crawlId, delayMs + FETCH_SLOT_LEASE_MS],
  );
  if (rowCount) return 0;
  const { rows } = await pool.query<{ ms: number }>(
    `SELECT GREATEST(1, ceil(extract(epoch FROM next_fetch_at - now()) * 1000))::int AS ms FROM crawls WHERE id = $1`,
    [crawlId],
  );
  // A slot held by a page still rendering opens when that page ends: ask again soon, not at the lease's end.
  return Math.min(rows[0]?.ms ?? 0, delayMs);
}

/** The page that held the crawl's fetch slot has ended: the next fetch may start `delayMs` from now. */
export async function endFetchSlot(crawlId: string, delayMs: number): Promise<void> {
  const pool = await getPool();
  await pool.query(
    `UPDATE crawls SET next_fetch_at = now() + make_interval(secs => $2::double precision / 1000) WHERE id = $1`,
    [crawlId, delayMs],
  );
}

export async function cancelCrawl(crawlId: string): Promise<boolean> {
  return inTransaction((client) => endCrawl(client, crawlId, "cancelled", "cancelled"));
}

/** A crawl with its page counts, as the dashboard lists it. */
type CrawlWithCounts = CrawlRow & Omit<CrawlCounts, "queued">;

/** The owner's latest crawls with their counts, newest first (the dashboard's list). */
export async function listCrawls(userId: string, limit = 50): Promise<CrawlWithCounts[]> {
  const { rows } = await (
    await getPool()
  ).query<CrawlWithCounts>(
    `SELECT c.*, k.total, k.completed, k.failed
     FROM (SELECT * FROM crawls WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2) c
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'completed'))::int AS completed,
         (count(*) FILTER (WHERE status = 'failed'))::int AS failed
       FROM crawl_pages p WHERE p.crawl_id = c.id) k
     ORDER BY c.created_at DESC, c.id`,
    [userId, limit],
  );
  return rows;
}

/** A crawl's first `limit` pages in order, whatever their status (the dashboard's detail page). */
export async function crawlPagesInOrder(crawlId: string, limit: number): Promise<PageRow[]> {
  const { rows } = await (
    await getPool()
  ).query<PageRow>(`SELECT * FROM crawl_pages WHERE crawl_id = $1 ORDER BY seq LIMIT $2`, [crawlId, limit]);
  return rows;
}
