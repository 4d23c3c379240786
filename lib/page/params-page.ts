/**
 * The capture options added after the customer's list (issue 17, D19): which part of the page,
 * what happens on it before capture. Fields of the one screenshot schema (spread into it in
 * params.ts), so validation, plan gates, docs, playground, OpenAPI and the cache key read them
 * like every other field. Plans follow the spec's own gates: choosing what to capture and when is
 * Free (like clip and waitForSelector), cleaning the page is Starter (like blockAds), acting on
 * the page is Pro (like customJS).
 */
import { boolParam, enumParam, stringParam } from "@/lib/api/params";
import { optionalIntParam } from "@/lib/api/params-optional";
import { PLAN_IDS, PLANS } from "@/lib/plans";

export const WAIT_UNTIL_EVENTS = ["load", "domcontentloaded", "networkidle0", "networkidle2"] as const;
export type WaitUntil = (typeof WAIT_UNTIL_EVENTS)[number];

/** imageWidth / imageHeight: the largest output side a resize may ask for (the viewport's own maximum). */
const RESIZE_MAX_PX = 3840;

/** cacheTtl's upper bound: the longest plan's cache time (D4); each plan is capped at its own. */
const CACHE_TTL_MAX_SECONDS = Math.max(...PLAN_IDS.map((id) => PLANS[id].cacheTtlDays)) * 86_400;
const CACHE_TTL_MIN_SECONDS = 60;

/** scrollTo as a number: CSS pixels from the top, at most this far. */
const SCROLL_TO_MAX_PX = 100_000;

const SELECTOR_MAX = 512;

export const pageParams = {
  waitUntil: enumParam("waitUntil", {
    values: WAIT_UNTIL_EVENTS,
    default: "load",
    description:
      "When the page counts as loaded: `load` (the load event), `domcontentloaded` (HTML parsed), `networkidle0` (no request for 500 ms) or `networkidle2` (at most 2 requests for 500 ms; for pages that poll).",
  }),
  selector: stringParam("selector", {
    maxLength: SELECTOR_MAX,
    description:
      "Capture only the first element matching this CSS selector, scrolled into view. Waited for up to the timeout; no match is a 400 selector_not_found. Images only; not with clip or fullPage.",
    example: "#pricing",
  }),
  hideSelectors: stringParam("hideSelectors", {
    maxLength: 2_000,
    plan: "starter",
    pattern: "selector, selector, …",
    description:
      "Hide every element matching these CSS selectors (comma-separated) before capture: they are removed from the layout.",
    example: ".chat-widget, #newsletter-popup",
  }),
  click: stringParam("click", {
    maxLength: SELECTOR_MAX,
    plan: "pro",
    description:
      "Click the first element matching this CSS selector before capture (after customCSS/customJS), e.g. to open a tab or a menu. Waited for like selector; add delay for an animation.",
    example: "#show-details",
  }),
  scrollTo: stringParam("scrollTo", {
    maxLength: SELECTOR_MAX,
    pattern: "selector or pixels",
    check: (v) =>
      /^\d+$/.test(v) && Number(v) > SCROLL_TO_MAX_PX
        ? `scrollTo must be a CSS selector or a number of pixels up to ${SCROLL_TO_MAX_PX}.`
        : null,
    description:
      "Scroll before capture: to the first element matching a CSS selector (its top at the top of the viewport), or a number of CSS pixels down. The viewport capture then shows that part of the page.",
    example: "#features",
  }),
  omitBackground: boolParam("omitBackground", {
    default: false,
    description:
      "Transparent instead of the browser's white default background, where the page sets none (png and webp only).",
  }),
  imageWidth: optionalIntParam("imageWidth", {
    min: 1,
    max: RESIZE_MAX_PX,
    description:
      "Resize the captured image to this width in pixels, e.g. for thumbnails. Alone it keeps the aspect ratio; with imageHeight the image is exactly that size. Images only.",
    example: "320",
  }),
  imageHeight: optionalIntParam("imageHeight", {
    min: 1,
    max: RESIZE_MAX_PX,
    description: "Resize the captured image to this height in pixels (see imageWidth). Images only.",
    example: "200",
  }),
  failOnHttpError: boolParam("failOnHttpError", {
    default: true,
    description:
      "When the target answers 4xx or 5xx, answer 422 target_http_error (no render counted, nothing cached) instead of capturing the error page. false captures it, cached for 5 minutes at most. X-Target-Status carries the target's status either way.",
  }),
  allowBlocked: boolParam("allowBlocked", {
    default: false,
    description:
      "When the target answers with a bot challenge, a captcha wall or a login page instead of its content, answer 422 target_blocked with its kind (no render counted, nothing cached) instead of capturing it. true captures it, counted like any capture, with blocked: {kind, signals} in the JSON metadata and X-Target-Blocked.",
  }),
  requireComplete: boolParam("requireComplete", {
    default: false,
    description:
      "Answer 422 capture_incomplete (no render counted, nothing cached) instead of a capture that is not complete: a full page cut at the plan's height, images or fonts still loading, requests still open, or the page still changing. The capture first waits up to 5 seconds, within the timeout, for the page to finish. Without it every capture reports its completeness anyway (X-Capture-Complete, `completeness` in the JSON metadata).",
  }),
  cacheTtl: optionalIntParam("cacheTtl", {
    min: CACHE_TTL_MIN_SECONDS,
    max: CACHE_TTL_MAX_SECONDS,
    cacheKey: false,
    description:
      "Seconds to keep the result this request stores, at most your plan's cache time (a longer value is capped to it). A result already cached is served until it expires.",
    example: "3600",
  }),
  fresh: boolParam("fresh", {
    default: false,
    cacheKey: false,
    description: "Render again even if a result is cached, and replace it (X-Cache: MISS; counts as a render).",
  }),
};
