/**
 * blockAds and the network half of blockCookies: requests are matched against real filter lists
 * shipped in lib/screenshot/filters (AdGuard Base = EasyList + AdGuard English; AdGuard Cookie
 * Notices) and aborted when a filter says so. blockAds also hides common ad containers with CSS,
 * since an ad slot whose request was blocked still leaves an empty box behind.
 *
 * Interception is cooperative with lib/net's page guard: we abort at a priority above its
 * "continue" and below its own refusals.
 */
import "server-only";
import type { RequestType } from "@ghostery/adblocker";
import type { HTTPRequest, Page } from "puppeteer-core";
import { type FilterEngine, filterEngine } from "./filters/engine";

/** Above a plain continue (0), below the target guard's refusals. */
const BLOCK_PRIORITY = 100;

/**
 * Generic ad containers (EasyList's most common element-hiding selectors: AdSense, Google
 * Publisher Tag slots, Taboola/Outbrain widgets, Carbon, generic ad-slot classes).
 */
export const AD_CONTAINER_SELECTORS = [
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

export const AD_HIDING_CSS = `${AD_CONTAINER_SELECTORS.join(",\n")} { display: none !important; }`;

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

export interface BlockingStats {
  /** Requests aborted by a filter, with the filter that matched (bounded list). */
  readonly blocked: Array<{ url: string; filter?: string }>;
}

export async function enableRequestBlocking(
  page: Page,
  options: { ads: boolean; cookies: boolean; targetUrl: string },
): Promise<BlockingStats> {
  const engines: FilterEngine[] = [];
  if (options.ads) engines.push(await filterEngine("ads"));
  if (options.cookies) engines.push(await filterEngine("cookies"));
  const blocked: BlockingStats["blocked"] = [];

  // The first-party/third-party decision needs the top document's URL; before the first commit
  // the main frame still says about:blank, so the requested URL stands in.
  const topUrl = () => {
    const url = page.mainFrame().url();
    return url.startsWith("http") ? url : options.targetUrl;
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
    const type: RequestType = resourceType === "document" ? "sub_frame" : (resourceType as RequestType);
    const url = request.url();
    for (const engine of engines) {
      const verdict = engine.match(url, topUrl(), type);
      if (verdict.blocked) {
        if (blocked.length < 200) blocked.push({ url, filter: verdict.filter });
        void request.abort("blockedbyclient", BLOCK_PRIORITY).catch(() => {});
        return;
      }
    }
    void request.continue(request.continueRequestOverrides(), 0).catch(() => {});
  };

  // The page guard has already turned interception on; this is a no-op then, and needed if not.
  await page.setRequestInterception(true);
  page.on("request", onRequest);
  if (options.ads) await page.evaluateOnNewDocument(injectStyleEarlySource(AD_HIDING_CSS));
  return { blocked };
}
