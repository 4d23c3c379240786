/**
 * The map's and the crawl's server-side fetches (D32): every one through lib/net's safeFetch, so
 * each host — and each redirect hop — is resolved once, checked against the address policy (D9)
 * and connected to at the checked address, or, on an origin a connector of the caller's
 * workspace declared, sent through that connector (D42). We name ourselves in the User-Agent so a site's
 * robots.txt can address us by the token GlanceBot.
 */
import { gunzip } from "node:zlib";
import { promisify } from "node:util";
import { env } from "@/lib/env";
import { safeFetch, SafeFetchError, type SafeFetchResult } from "@/lib/net/fetch";

/** The robots.txt product token we obey (a `User-agent: GlanceBot` group), and the header we send. */
export const CRAWLER_TOKEN = "GlanceBot";
/** Names us and where a site's owner reads what we do (this deployment's own docs). */
const crawlerUserAgent = () => `GlanceBot/1.0 (+${env().APP_URL}/docs/crawl)`;

const gunzipAsync = promisify(gunzip);

/** The sitemaps protocol's limit on one sitemap, uncompressed. */
const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const ROBOTS_MAX_BYTES = 512 * 1024;

interface Fetched {
  text: string;
  contentType: string;
  /** The URL finally answered, after redirects (each hop checked). */
  url: string;
}

/** What failed, for the map's notes; never thrown past the map (a missing sitemap is no error). */
export type FetchOutcome = { ok: true; fetched: Fetched } | { ok: false; reason: string };

/** Who the fetches are for: the workspace whose connectors serve their declared origins (D42). */
export interface FetchFor {
  timeoutMs: number;
  workspaceId: string | undefined;
}

async function attempt(url: string, maxBytes: number, accept: string[], via: FetchFor): Promise<FetchOutcome> {
  let result: SafeFetchResult;
  try {
    result = await safeFetch(url, {
      maxBytes,
      accept,
      timeoutMs: via.timeoutMs,
      workspaceId: via.workspaceId,
      maxRedirects: 5,
      userAgent: crawlerUserAgent(),
    });
  } catch (err) {
    if (err instanceof SafeFetchError) return { ok: false, reason: err.reason };
    throw err;
  }
  let bytes = result.bytes;
  // Gzipped sitemaps (sitemap.xml.gz) arrive as the file's own bytes: the magic number says so.
  if (bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = await gunzipAsync(bytes, { maxOutputLength: SITEMAP_MAX_BYTES });
    } catch {
      return { ok: false, reason: "bad_gzip" };
    }
  }
  return { ok: true, fetched: { text: bytes.toString("utf8"), contentType: result.contentType, url: result.url } };
}

export const fetchRobots = (origin: string, via: FetchFor) =>
  // Any content type: a robots.txt served as octet-stream still says what it says.
  attempt(`${origin}/robots.txt`, ROBOTS_MAX_BYTES, [], via);

export const fetchSitemap = (url: string, via: FetchFor) => attempt(url, SITEMAP_MAX_BYTES / 5, [], via);

export const fetchPage = (url: string, via: FetchFor) =>
  attempt(url, PAGE_MAX_BYTES, ["text/html", "application/xhtml+xml"], via);
