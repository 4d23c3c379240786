/**
 * The schemas of /v1/crawl (D32). Starting a crawl: the site and its scope in the map's own words
 * (lib/map/params.ts), how deep and how many pages, and per page what /v1/content returns and the
 * page options that make sense for every page of a site (the content schema's own fields, so they
 * validate, gate and document alike). Reading one: a cursor and a page size.
 */
import { z } from "zod";
import { apiKeyParam } from "@/lib/api/common-params";
import { boolParam, enumParam, intParam, stringParam } from "@/lib/api/params";
import { contentParams } from "@/lib/content/params";
import { webhookUrlParam } from "@/lib/jobs/params";
import { siteScopeParams, siteUrlParam } from "@/lib/map/params";

export const CRAWL_BODY_MAX_BYTES = 64 * 1024;

/** The highest plan's pages per crawl: the schema's range; the caller's plan is checked after (403). */
const CRAWL_PAGES_MAX = 50_000;

const content = contentParams.shape;

/** The /v1/content fields a crawl passes to every page's render. */
export const PAGE_OPTION_NAMES = [
  "formats",
  "profile",
  "onlyMainContent",
  "scroll",
  "width",
  "height",
  "device",
  "waitUntil",
  "delay",
  "timeout",
  "blockAds",
  "blockCookies",
  "blockTrackers",
  "blockChats",
  "locale",
  "timezone",
  "proxy",
] as const;

/** Page options that are secrets (D41): sealed on the crawl's row (`page_secrets`), never in `options`. */
export const SECRET_PAGE_OPTIONS: ReadonlySet<string> = new Set(["proxy"]);

export const crawlParams = z.object({
  url: siteUrlParam,
  limit: intParam("limit", {
    min: 1,
    max: CRAWL_PAGES_MAX,
    default: 100,
    description:
      "At most this many pages rendered (each one render against the month's quota), and at most the plan's pages per crawl (see Pricing).",
  }),
  depth: intParam("depth", {
    min: 0,
    max: 10,
    default: 2,
    description:
      "Link levels to follow from the start page: 0 renders the start page (and, with sitemap, the sitemaps' pages) only.",
  }),
  sitemap: enumParam("sitemap", {
    values: ["include", "only", "skip"],
    default: "include",
    description:
      "`include`: the sitemaps' pages (robots.txt `Sitemap:` lines, /sitemap.xml) and links from rendered pages. `only`: the start page and the sitemaps' pages, no links followed. `skip`: links alone.",
  }),
  ...siteScopeParams,
  formats: content.formats,
  onlyMainContent: content.onlyMainContent,
  scroll: content.scroll,
  width: content.width,
  height: content.height,
  device: content.device,
  waitUntil: content.waitUntil,
  delay: content.delay,
  timeout: content.timeout,
  blockAds: content.blockAds,
  blockCookies: content.blockCookies,
  blockTrackers: content.blockTrackers,
  blockChats: content.blockChats,
  locale: content.locale,
  timezone: content.timezone,
  proxy: content.proxy,
  profile: content.profile,
  webhookUrl: webhookUrlParam(
    "Called with signed JSON (Standard Webhooks): `crawl.completed` when the crawl ends (completed, cancelled or stopped at a limit), and `crawl.page` for each page with pageWebhooks.",
  ),
  pageWebhooks: boolParam("pageWebhooks", {
    default: false,
    description: "Also send a signed `crawl.page` webhook as each page ends, with the page as the results list it.",
  }),
  api_key: apiKeyParam(),
});

export type CrawlParams = z.output<typeof crawlParams>;

export const crawlResultsParams = z.object({
  cursor: stringParam("cursor", {
    maxLength: 20,
    check: (v) => (/^\d+$/.test(v) ? null : "cursor must be the value of a previous answer's next link."),
    description: "Where the previous page of results ended (from its `next` link).",
  }),
  size: intParam("size", { min: 1, max: 500, default: 100, description: "Pages of the site per answer." }),
  api_key: apiKeyParam(),
});

export type CrawlResultsParams = z.output<typeof crawlResultsParams>;
