/**
 * blockAds, blockTrackers, blockChats, blockRequests and the network half of blockCookies:
 * requests are matched against the caller's patterns and real filter lists shipped in
 * lib/page/filters (AdGuard Base = EasyList + AdGuard English; Cookie Notices; Tracking
 * Protection; Widgets) and aborted when one says so; each blocker's count goes into the JSON
 * answer (D19). blockAds and blockChats also hide common containers with CSS, since a widget
 * whose request was blocked can still leave a box (or a page's own launcher button) behind.
 *
 * Interception is cooperative with lib/net's page guard: we abort at a priority above its
 * "continue" and below its own refusals.
 */
import "server-only";
import type { RequestType } from "@ghostery/adblocker";
import type { HTTPRequest, Page } from "puppeteer-core";
import { CHAT_HIDING_CSS } from "./blocking-chats";
import { type FilterEngine, filterEngine } from "./filters/engine";
import type { FilterListName } from "./filters/lists";

/** Above a plain continue (0), below the target guard's refusals. */
const BLOCK_PRIORITY = 100;

/**
 * Generic ad containers (EasyList's most common element-hiding selectors: AdSense, Google
 * Publisher Tag slots, Taboola/Outbrain widgets, Carbon, generic ad-slot classes).
 */
const AD_CONTAINER_SELECTORS = [
  "ins.adsbygoogle",
  ".adsbygoogle",
  "[id^='google_ads_iframe']",
  "[id^='div-gpt-ad']",
  "[id^='gpt-ad-']",
  "[data-google-query-id]",
  "iframe[src*='doubleclick.net']",
  "iframe[src*='googlesyndication.com']",
  "iframe[id^='google_ads_']",
  "amp-ad",
  "amp-embed[type='taboola']",
  "[id^='taboola-']",
  ".trc_rbox_container",
  ".OUTBRAIN",
  "[data-widget-id^='AR_']",
  "#carbonads",
  "[data-ad-slot]",
  "[data-ad-unit]",
  "[data-adunit]",
  ".ad-slot",
  ".ad-container",
  ".ad-wrapper",
  ".ad-banner",
  ".ad-unit",
  ".ad-placeholder",
  ".adsbox",
  ".adbox",
  ".advertisement",
  ".banner-ad",
  ".sponsored-ad",
  "#ad-banner",
  "#ad_banner",
  "#ad-slot",
];

const AD_HIDING_CSS = `${AD_CONTAINER_SELECTORS.join(",\n")} { display: none !important; }`;

/**
 * Runs in every frame before the page's scripts, so the style is there from the first paint.
 * Plain source text: transpiled functions can carry helpers that do not exist in the page.
 */
function injectStyleEarlySource(css: string): string {
  return `(() => {
  const css = ${JSON.stringify(css)};
  const add = () => {
    const style = document.createElement("style");
    style.setAttribute("data-glance", "blocking");
    style.textContent = css;
    (document.head || document.documentElement).appendChild(style);
  };
  if (document.documentElement) add();
  else {
    const observer = new MutationObserver(() => {
      if (!document.documentElement) return;
      observer.disconnect();
      add();
    });
    observer.observe(document, { childList: true });
  }
})();`;
}

/** The blockers a render can have on; `requests` is the caller's own patterns. */
type BlockerName = FilterListName | "requests";

export interface BlockingOptions {
  ads: boolean;
  cookies: boolean;
  trackers: boolean;
  chats: boolean;
  patterns?: readonly string[];
  targetUrl: string;
}

export interface BlockingStats {
  /** Requests aborted, with the blocker and filter that matched (bounded list). */
  readonly blocked: Array<{ url: string; by: BlockerName; filter?: string }>;
  /** Requests each enabled blocker stopped (for response=json): every enabled blocker has an entry. */
  readonly counts: Partial<Record<BlockerName, number>>;
}

export function anyBlocking(o: Omit<BlockingOptions, "targetUrl">): boolean {
  return o.ads || o.cookies || o.trackers || o.chats || Boolean(o.patterns?.length);
}

/** A blockRequests pattern as a regular expression: `*` matches anything, the rest literally, anywhere in the URL. */
function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, "\\$&"))
    .join(".*");
  return new RegExp(body);
}

export async function enableRequestBlocking(page: Page, options: BlockingOptions): Promise<BlockingStats> {
  const lists = (["ads", "cookies", "trackers", "chats"] as const).filter((name) => options[name]);
  const engines: FilterEngine[] = await Promise.all(lists.map((name) => filterEngine(name)));
  const patterns = (options.patterns ?? []).map(patternToRegExp);
  const blocked: BlockingStats["blocked"] = [];
  const counts: BlockingStats["counts"] = {};
  for (const name of lists) counts[name] = 0;
  if (patterns.length) counts.requests = 0;

  // The first-party/third-party decision needs the top document's URL; before the first commit
  // the main frame still says about:blank, so the requested URL stands in.
  const topUrl = () => {
    const url = page.mainFrame().url();
    return url.startsWith("http") ? url : options.targetUrl;
  };

  const stop = (request: HTTPRequest, by: BlockerName, filter?: string) => {
    counts[by] = (counts[by] ?? 0) + 1;
    if (blocked.length < 200) blocked.push({ url: request.url(), by, ...(filter ? { filter } : {}) });
    void request.abort("blockedbyclient", BLOCK_PRIORITY).catch(() => {});
  };

  const onRequest = (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    const frame = request.frame();
    const isSubFrame = frame !== null && frame !== page.mainFrame();
    const resourceType = request.resourceType();
    // The page itself is never blocked by a content filter (the target guard decides on it).
    if (resourceType === "document" && !isSubFrame) {
      void request.continue(request.continueRequestOverrides(), 0).catch(() => {});
      return;
    }
    const url = request.url();
    if (patterns.some((p) => p.test(url))) return stop(request, "requests");
    const type: RequestType = resourceType === "document" ? "sub_frame" : (resourceType as RequestType);
    for (const engine of engines) {
      const verdict = engine.match(url, topUrl(), type);
      if (verdict.blocked) return stop(request, engine.name, verdict.filter);
    }
    void request.continue(request.continueRequestOverrides(), 0).catch(() => {});
  };

  // The page guard has already turned interception on; this is a no-op then, and needed if not.
  await page.setRequestInterception(true);
  page.on("request", onRequest);
  const css = [options.ads ? AD_HIDING_CSS : "", options.chats ? CHAT_HIDING_CSS : ""].filter(Boolean).join("\n");
  if (css) await page.evaluateOnNewDocument(injectStyleEarlySource(css));
  return { blocked, counts };
}
