/**
 * GET /v1/map's core (D32), runnable without HTTP: a site's URLs without rendering anything —
 * the start URL, then what its sitemaps list (robots.txt `Sitemap:` lines and /sitemap.xml,
 * through sitemap indexes and gzip), then links found by plain HTTP fetches of HTML pages, level
 * by level up to `depth`. Every fetch goes through lib/net's guard (lib/map/fetch.ts); every URL
 * is normalised, deduplicated, kept on the site, filtered by the caller's patterns and by
 * robots.txt for our token before it is listed or fetched.
 */
import { evidentlyNotHtml, siteScope, type ScopeOptions } from "./scope";
import { fetchPage, fetchSitemap } from "./fetch";
import { parseLinks, parseSitemap } from "./parse";
import { robotsCache } from "./robots";

export interface MapRequest {
  url: string;
  limit: number;
  depth: number;
  sitemap: "include" | "only" | "skip";
  scope: ScopeOptions;
  /** Epoch ms by which the map answers with what it has found. */
  deadline: number;
  /** Whose connectors serve the origins they declared (D42): the caller's workspace. */
  workspaceId: string | undefined;
}

export interface MapOutcome {
  urls: string[];
  /** Documents fetched: robots.txt files, sitemaps, pages. */
  fetches: number;
}

/** Fetches in flight at once for one map, when robots.txt sets no Crawl-delay. */
const CONCURRENCY = 4;
/** Sitemap documents read per map (indexes included): a bound on what one request may cost us. */
const MAX_SITEMAPS = 64;
/** Pages fetched for their links per map. */
const MAX_PAGE_FETCHES = 500;
const FETCH_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function mapSite(request: MapRequest): Promise<MapOutcome> {
  const start = new URL(request.url);
  const scope = siteScope(start, request.scope);
  const timeLeft = () => request.deadline - Date.now();
  const fetchFor = () => ({
    timeoutMs: Math.max(1, Math.min(FETCH_TIMEOUT_MS, timeLeft())),
    workspaceId: request.workspaceId,
  });
  const robotsOf = robotsCache(FETCH_TIMEOUT_MS, request.workspaceId);
  let fetches = 0;

  const listed: string[] = [];
  const listedKeys = new Set<string>();
  const full = () => listed.length >= request.limit;
  const outOfTime = () => timeLeft() <= 0;

  /** On the site and allowed by its robots.txt: the only URLs we ever fetch or list. */
  const reachable = async (url: URL) => scope.onSite(url) && (await robotsOf(url)).allows(url);
  const list = async (url: URL) => {
    const key = scope.key(url);
    if (full() || listedKeys.has(key)) return;
    listedKeys.add(key);
    if (scope.wanted(url) && (await reachable(url)) && !full()) listed.push(url.href);
  };

  const startUrl = scope.normalise(start.href, start)!;
  await list(startUrl);
  const startRobots = await robotsOf(startUrl);
  fetches++;
  // Crawl-delay: one fetch at a time, that many seconds apart (D32); the deadline still holds.
  const delayMs = (startRobots.crawlDelaySeconds ?? 0) * 1000;
  const concurrency = delayMs > 0 ? 1 : CONCURRENCY;
  const paced = async <T>(fetch: () => Promise<T>): Promise<T | undefined> => {
    if (outOfTime() || (fetches > 1 && delayMs > timeLeft())) return undefined;
    if (fetches > 1 && delayMs > 0) await sleep(delayMs);
    fetches++;
    return fetch();
  };

  if (request.sitemap !== "skip") {
    const queue = [...new Set([...startRobots.sitemaps, `${startUrl.origin}/sitemap.xml`])];
    const read = new Set<string>();
    while (queue.length > 0 && read.size < MAX_SITEMAPS && !full() && !outOfTime()) {
      const batch = queue.splice(0, concurrency).filter((url) => !read.has(url));
      for (const url of batch) read.add(url);
      const documents = await Promise.all(batch.map((url) => paced(() => fetchSitemap(url, fetchFor()))));
      for (const [i, outcome] of documents.entries()) {
        if (!outcome?.ok) continue;
        const { kind, locs } = parseSitemap(outcome.fetched.text);
        for (const loc of locs) {
          const url = scope.normalise(loc, batch[i]);
          if (!url) continue;
          if (kind === "index") queue.push(url.href);
          else await list(url);
        }
      }
    }
  }

  if (request.sitemap !== "only") {
    const queued = new Set<string>([scope.key(startUrl)]);
    let frontier: URL[] = [startUrl];
    let pageFetches = 0;
    for (let level = 0; level < request.depth && frontier.length > 0 && !full() && !outOfTime(); level++) {
      const next: URL[] = [];
      await eachLimited(frontier, concurrency, async (page) => {
        if (full() || pageFetches >= MAX_PAGE_FETCHES) return;
        pageFetches++;
        const outcome = await paced(() => fetchPage(page.href, fetchFor()));
        if (!outcome?.ok) return;
        // A redirect off the site (or into robots.txt's Disallow) ends there: its links are not the site's.
        const landed = scope.normalise(outcome.fetched.url, outcome.fetched.url);
        if (!landed || !(await reachable(landed))) return;
        await list(landed);
        const { hrefs, base } = parseLinks(outcome.fetched.text, landed.href);
        for (const href of hrefs) {
          const url = scope.normalise(href, base);
          if (!url) continue;
          await list(url);
          const key = scope.key(url);
          if (queued.has(key) || evidentlyNotHtml(url) || !scope.wanted(url) || !(await reachable(url))) continue;
          queued.add(key);
          next.push(url);
        }
      });
      frontier = next;
    }
  }
  return { urls: listed, fetches };
}
