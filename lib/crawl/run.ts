/**
 * One page of a crawl (D32): a job of its own kind (lib/jobs/worker.ts JobKind), claimed, leased
 * and ended once like any job (D20) — so a crawl runs on every instance's workers, shares the
 * account's job slots with its other jobs (JOBS_ACCOUNT_CONCURRENCY), and survives the instance
 * running it: a page cut off by a dying instance is claimed again elsewhere, and charged once
 * however often it runs (./charge.ts: the page's row carries its charge).
 *
 * A run renders the page (lib/crawl/render.ts), reads the sitemaps (start page only) and the
 * rendered DOM's links, and keeps those on the site, wanted and allowed by robots.txt. In the
 * transaction that records the job's end it records the page, adds the new pages with their jobs
 * (at most up to the crawl's page limit, each URL key once) and, when nothing is left queued, ends
 * the crawl and enqueues its `crawl.completed` webhook: once, however the pages race.
 */
import "server-only";
import { randomInt } from "node:crypto";
import type { PoolClient } from "pg";
import { problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { callerFor } from "@/lib/jobs/run";
import type { JobRow } from "@/lib/jobs/store";
import { enqueueJobs, type JobKind, type KindResult } from "@/lib/jobs/worker";
import { wakeWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { mapSite } from "@/lib/map/discover";
import { robotsCache, type SiteRobots } from "@/lib/map/robots";
import { evidentlyNotHtml, siteScope } from "@/lib/map/scope";
import { announceCrawlEnd, announcePage } from "./announce";
import { refundGivenUpPage } from "./charge";
import { hostOf, takeHostSlot } from "./host-slots";
import { pageOptionsOf } from "./page-secrets";
import { recordPageEnd } from "./page-order";
import { type PageOutcome, renderCrawlPage } from "./render";
import {
  addPages,
  crawlCounts,
  type CrawlRow,
  crawlOfJob,
  endCrawl,
  type NewPage,
  type PageRow,
  endFetchSlot,
  reserveFetchSlot,
} from "./store";

/** Codes that say "the account may render no more": the crawl stops there, with that reason. */
const STOPPING = new Set([
  "quota_exceeded",
  "key_render_cap_reached",
  "api_key_revoked",
  "api_key_paused",
  "oauth_grant_revoked",
]);
const SITEMAP_BUDGET_MS = 30_000;
const MAX_CRAWL_DELAY_S = 60;
/** A page whose host has no free slot comes back after this, and up to as long again. */
const HOST_BUSY_RETRY_MS = 500;

/** robots.txt per crawl and origin, read once per instance (a few crawls' worth kept), through its workspace's connectors (D42). */
const robotsByCrawl = new Map<string, (url: URL) => Promise<SiteRobots>>();
function robotsOf(crawl: CrawlRow): (url: URL) => Promise<SiteRobots> {
  let robots = robotsByCrawl.get(crawl.id);
  if (!robots) {
    if (robotsByCrawl.size >= 64) robotsByCrawl.delete(robotsByCrawl.keys().next().value as string);
    robots = robotsCache(10_000, crawl.user_id);
    robotsByCrawl.set(crawl.id, robots);
  }
  return robots;
}

/** The formats asked for, and the facts every page shows: what the page's row keeps of the answer. */
function keptAnswer(outcome: Extract<PageOutcome, { ok: true }>, formats: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = { title: outcome.title, finalUrl: outcome.finalUrl };
  for (const format of formats) if (format in outcome.answer) kept[format] = outcome.answer[format];
  if ("targetStatus" in outcome.answer) kept.targetStatus = outcome.answer.targetStatus;
  return kept;
}

/** The pages a rendered page leads to: on the site, wanted, allowed, not yet too deep. */
async function linkedPages(crawl: CrawlRow, page: PageRow, outcome: PageOutcome): Promise<NewPage[]> {
  const { options } = crawl;
  const scope = siteScope(new URL(crawl.url), options);
  const robots = robotsOf(crawl);
  const found: NewPage[] = [];
  const consider = async (raw: string, base: string, depth: number) => {
    const url = scope.normalise(raw, base);
    if (!url || !scope.onSite(url) || !scope.wanted(url) || evidentlyNotHtml(url)) return;
    if (!(await robots(url)).allows(url)) return;
    found.push({ key: scope.key(url), url: url.href, depth });
  };
  if (outcome.ok && options.sitemap !== "only" && page.depth < options.depth)
    for (const link of outcome.links) await consider(link, outcome.finalUrl, page.depth + 1);
  if (page.depth === 0 && options.sitemap !== "skip") {
    const { urls } = await mapSite({
      url: crawl.url,
      limit: crawl.page_limit,
      depth: 0,
      sitemap: "only",
      scope: options,
      deadline: Date.now() + SITEMAP_BUDGET_MS,
      workspaceId: crawl.user_id,
    });
    for (const url of urls) await consider(url, crawl.url, 1);
  }
  return found;
}

/** After a page: the crawl ends when nothing is left queued (under its row lock, so once). */
async function endIfDone(client: PoolClient, crawl: CrawlRow): Promise<boolean> {
  await client.query(`SELECT 1 FROM crawls WHERE id = $1 FOR UPDATE`, [crawl.id]);
  const counts = await crawlCounts(crawl.id, client);
  if (counts.queued > 0) return false;
  const atLimit = counts.total >= crawl.page_limit;
  const reason = atLimit ? (crawl.options.limitSource === "plan" ? "plan_page_limit" : "limit") : null;
  if (!(await endCrawl(client, crawl.id, "completed", reason))) return false;
  await announceCrawlEnd(client, crawl.id);
  return true;
}

/** The page rendered as /v1/content renders it, or the problem its render answered. */
async function renderOutcome(job: JobRow, crawl: CrawlRow, page: PageRow, signal: AbortSignal): Promise<PageOutcome> {
  try {
    const caller = await callerFor(job);
    const options = await pageOptionsOf(crawl);
    return await renderCrawlPage({
      caller,
      url: page.url,
      page: options,
      requestId: job.id,
      signal,
      seq: page.seq,
      rerun: job.attempts > 1,
    });
  } catch (error) {
    const apiError = toApiError(error);
    return { ok: false, code: apiError.code, problem: (await problemResponse(apiError, job.id).json()) as never };
  }
}

async function runCrawlPage(job: JobRow, signal: AbortSignal): Promise<KindResult> {
  const found = await crawlOfJob(job.id);
  const skipped: KindResult = { state: "succeeded", result: { skipped: true } };
  if (!found || found.crawl.status !== "running" || found.page.status !== "queued") return skipped;
  const { crawl, page } = found;

  // Politeness across crawls: one of the host's slots first (./host-slots.ts), held while the page
  // renders; a page that finds them all held goes back on the queue for a moment (a release, not an
  // attempt), spread a little so that waiting pages do not all come back at once.
  const slot = await takeHostSlot(hostOf(new URL(page.url)));
  if (!slot) return { state: "retry", afterMs: HOST_BUSY_RETRY_MS + randomInt(HOST_BUSY_RETRY_MS) };
  let outcome: PageOutcome;
  try {
    // Politeness: robots.txt's Crawl-delay for our token spaces this crawl's fetches of the site,
    // whichever instance makes them (at most a minute: a larger value is read as a minute).
    const delaySeconds = (await robotsOf(crawl)(new URL(page.url))).crawlDelaySeconds ?? 0;
    const delayMs = Math.min(delaySeconds, MAX_CRAWL_DELAY_S) * 1000;
    if (delayMs > 0) {
      const waitMs = await reserveFetchSlot(crawl.id, delayMs);
      if (waitMs > 0) return { state: "retry", afterMs: waitMs };
    }
    try {
      outcome = await renderOutcome(job, crawl, page, signal);
    } finally {
      if (delayMs > 0) await endFetchSlot(crawl.id, delayMs);
    }
  } finally {
    await slot.release();
  }
  if (!outcome.ok && (outcome.code === "renderer_busy" || outcome.code === "shutting_down"))
    return { state: "retry", afterMs: 1000 };
  const stop = !outcome.ok && STOPPING.has(outcome.code) ? outcome.code : null;
  const next = stop ? [] : await linkedPages(crawl, page, outcome);
  let newJobs: string[] = [];
  let ended = false;
  return {
    state: "succeeded",
    result: { crawlId: crawl.id, url: page.url },
    announce: async (client) => {
      if (stop) {
        // Not rendered, not charged: the page and every queued one are skipped, the crawl says why.
        await recordPageEnd(client, page, "skipped", null, null);
        ended = await endCrawl(client, crawl.id, "completed", stop);
        if (ended) await announceCrawlEnd(client, crawl.id);
        return;
      }
      if (outcome.ok) await recordPageEnd(client, page, "completed", keptAnswer(outcome, crawl.options.formats), null);
      else await recordPageEnd(client, page, "failed", null, outcome.problem);
      await announcePage(client, crawl, page.seq);
      newJobs = await addPages(client, crawl.id, next);
      ended = await endIfDone(client, crawl);
    },
    afterCommit: () => {
      if (newJobs.length > 0) void enqueueJobs(newJobs);
      if (ended || crawl.options.pageWebhooks) wakeWebhookDispatcher();
    },
  };
}

/** A page whose job was given up (its instance died on it again and again): failed, and the crawl goes on or ends. */
async function gaveUpOnPage(client: PoolClient, job: JobRow): Promise<void> {
  const page = (await client.query<PageRow>(`SELECT * FROM crawl_pages WHERE job_id = $1`, [job.id])).rows[0];
  const crawl = page
    ? (await client.query<CrawlRow>(`SELECT * FROM crawls WHERE id = $1`, [page.crawl_id])).rows[0]
    : undefined;
  if (!page || !crawl) return;
  await recordPageEnd(client, page, "failed", null, job.error ?? { code: "internal_error" });
  // A failed page is not charged: a run of it that counted the render before its instance died gives it back.
  await refundGivenUpPage(crawl.user_id, page);
  await endIfDone(client, crawl);
}

export const crawlPageKind: JobKind = { run: runCrawlPage, gaveUp: gaveUpOnPage };
