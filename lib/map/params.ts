/**
 * The one schema of GET /v1/map (D32): the start URL, how far and how wide to look, and which URLs
 * to keep. The scope fields (`subdomains`, `ignoreQueryParameters`, `include`, `exclude`) are
 * exported for POST /v1/crawl, which scopes a crawl with the same words.
 */
import { z } from "zod";
import { apiKeyParam } from "@/lib/api/common-params";
import { boolParam, enumParam, intParam, urlParam } from "@/lib/api/params";
import { stringListParam } from "@/lib/api/params-json";
import { isEvidentlyPrivateTarget, PRIVATE_TARGET_DETAIL } from "@/lib/net/target";
import { pathPatternProblem } from "./scope";

const MAP_LIMIT_MAX = 30_000;

export const siteScopeParams = {
  subdomains: boolParam("subdomains", {
    default: false,
    description:
      "Also keep hosts under the start URL's host (docs.example.com for example.com). By default only the start URL's own host (with or without www.) and port.",
  }),
  ignoreQueryParameters: boolParam("ignoreQueryParameters", {
    default: false,
    description:
      "Drop every URL's query string, so /page?a=1 and /page?a=2 are one page. Fragments (#…) are always dropped.",
  }),
  include: stringListParam("include", {
    maxItems: 20,
    maxItemLength: 256,
    checkItem: pathPatternProblem,
    description:
      "Keep only URLs whose path (and query) starts with one of these patterns, as robots.txt writes them: `*` matches anything, a final `$` anchors the end. Comma-separated (a JSON array in a POST body).",
    example: "/docs/,/blog/*/2024",
  }),
  exclude: stringListParam("exclude", {
    maxItems: 20,
    maxItemLength: 256,
    checkItem: pathPatternProblem,
    description: "Leave out URLs whose path (and query) starts with one of these patterns (same form as include).",
    example: "/tag/,*.pdf$",
  }),
};

export const siteUrlParam = urlParam("url", {
  required: true,
  maxLength: 2048,
  description:
    "The site's start URL (public http or https). Its host is the site; its robots.txt and sitemaps are read from its origin.",
  example: "https://example.com",
  refuse: (url) => (isEvidentlyPrivateTarget(url) ? { code: "private_address", message: PRIVATE_TARGET_DETAIL } : null),
});

export const mapParams = z.object({
  url: siteUrlParam,
  limit: intParam("limit", {
    min: 1,
    max: MAP_LIMIT_MAX,
    default: 5000,
    description: "At most this many URLs in the answer.",
  }),
  depth: intParam("depth", {
    min: 0,
    max: 5,
    default: 1,
    description:
      "Link levels to follow from the start URL by plain HTTP fetches of HTML (no rendering): 0 reads sitemaps only, 1 adds the start page's links, 2 their pages' links, and so on.",
  }),
  sitemap: enumParam("sitemap", {
    values: ["include", "only", "skip"],
    default: "include",
    description:
      "`include`: sitemaps (robots.txt `Sitemap:` lines and /sitemap.xml, indexes and gzip) and links. `only`: sitemaps alone. `skip`: links alone.",
  }),
  ...siteScopeParams,
  timeout: intParam("timeout", {
    min: 1000,
    max: 60_000,
    default: 30_000,
    description: "Milliseconds to look for: the answer then lists what was found by then.",
  }),
  api_key: apiKeyParam(),
});

export type MapParams = z.output<typeof mapParams>;
