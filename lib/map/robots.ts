/**
 * robots.txt for the map and the crawl (D32), read with robots-parser (Google's reading of RFC
 * 9309: the most specific group for our token, else `*`; longest match wins; `*` and `$`). One
 * fetch per origin per map or crawl. No robots.txt (any failure to fetch one) allows everything,
 * as RFC 9309 says for an unavailable file (4xx); we read a 5xx the same way rather than stop.
 */
import robotsParser from "robots-parser";
import { CRAWLER_TOKEN, fetchRobots } from "./fetch";

export interface SiteRobots {
  allows(url: URL): boolean;
  /** Crawl-delay for our token, in seconds, if the site sets one. */
  crawlDelaySeconds: number | undefined;
  sitemaps: string[];
}

const EVERYTHING: SiteRobots = { allows: () => true, crawlDelaySeconds: undefined, sitemaps: [] };

function parseRobots(origin: string, text: string): SiteRobots {
  const robots = robotsParser(`${origin}/robots.txt`, text);
  return {
    allows: (url) => robots.isAllowed(url.href, CRAWLER_TOKEN) !== false,
    crawlDelaySeconds: robots.getCrawlDelay(CRAWLER_TOKEN),
    sitemaps: robots.getSitemaps(),
  };
}

/** Per-origin robots.txt, fetched once each (for `workspaceId`, D42) and shared by everything that asks. */
export function robotsCache(timeoutMs: number, workspaceId: string | undefined): (url: URL) => Promise<SiteRobots> {
  const byOrigin = new Map<string, Promise<SiteRobots>>();
  return (url) => {
    let robots = byOrigin.get(url.origin);
    if (!robots) {
      robots = fetchRobots(url.origin, { timeoutMs, workspaceId }).then((outcome) =>
        outcome.ok ? parseRobots(url.origin, outcome.fetched.text) : EVERYTHING,
      );
      byOrigin.set(url.origin, robots);
    }
    return robots;
  };
}
