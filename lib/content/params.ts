/**
 * The one schema of GET and POST /v1/content (D24). The page options are the screenshot schema's
 * own fields (the same zod fields: same validation, plan gates, docs and cache-key rules), so a
 * wait, a blocker or a header means here what it means for a capture; the content's own fields
 * are the formats, main-content extraction, scrolling and the answer's form.
 */
import { z } from "zod";
import { boolParam, enumParam } from "@/lib/api/params";
import { setParam } from "@/lib/api/params-set";
import { screenshotParams } from "@/lib/screenshot/params";

export const CONTENT_FORMATS = ["markdown", "html", "text", "links", "metadata", "screenshot"] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/**
 * Which plan each format needs (D24): what an LLM pipeline reads — Markdown, text, links,
 * metadata — on every plan; the whole rendered DOM and an image from the same render, Starter+.
 */
export const FORMAT_PLANS = { html: "starter", screenshot: "starter" } as const;

const page = screenshotParams.shape;

export const contentParams = z.object({
  url: page.url,
  html: page.html,
  formats: setParam("formats", {
    values: CONTENT_FORMATS,
    default: ["markdown"],
    valuePlans: FORMAT_PLANS,
    example: "markdown,links,metadata",
    description:
      "What to return, comma-separated (a JSON array in a POST body); one render serves all of them. `markdown` (the main content as GitHub-flavoured Markdown), `html` (the rendered DOM after scripts), `text` (plain text), `links` (absolute, deduplicated, internal or external), `metadata` (title, description, canonical URL, language, Open Graph, Twitter, icons, JSON-LD, dates and the viewport's colour palette), `screenshot` (a PNG of the viewport, as a URL).",
  }),
  onlyMainContent: boolParam("onlyMainContent", {
    default: true,
    description:
      "Markdown and text of the main content only: navigation, headers, footers, sidebars, cookie banners, ads and comment threads left out. false keeps the whole page.",
  }),
  scroll: boolParam("scroll", {
    default: true,
    description:
      "Scroll through the page (up to 16,384 CSS px) before reading it, so lazily loaded and client-rendered sections are there, as fullPage does for a capture. The answer says whether the page was scrolled.",
  }),
  width: page.width,
  height: page.height,
  device: page.device,
  waitUntil: page.waitUntil,
  waitForSelector: page.waitForSelector,
  delay: page.delay,
  timeout: page.timeout,
  hideSelectors: page.hideSelectors,
  click: page.click,
  customJS: page.customJS,
  blockAds: page.blockAds,
  blockCookies: page.blockCookies,
  blockTrackers: page.blockTrackers,
  blockChats: page.blockChats,
  blockRequests: page.blockRequests,
  userAgent: page.userAgent,
  headers: page.headers,
  cookies: page.cookies,
  profile: page.profile,
  locale: page.locale,
  timezone: page.timezone,
  proxy: page.proxy,
  failOnHttpError: page.failOnHttpError,
  cacheTtl: page.cacheTtl,
  fresh: page.fresh,
  response: enumParam("response", {
    values: ["json", "markdown"],
    default: "json",
    cacheKey: false,
    description:
      "`json` (default): one JSON object with a field per format. `markdown`: the Markdown itself as text/markdown, for formats=markdown alone (the same as sending Accept: text/markdown).",
  }),
  api_key: page.api_key,
  key_id: page.key_id,
  expires: page.expires,
  signature: page.signature,
});

export type ContentParams = z.output<typeof contentParams>;
