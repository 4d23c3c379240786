/**
 * The one schema of GET/POST /v1/animate (D26). What a recording loads, waits for, blocks and
 * emulates are the screenshot's own fields (the same schema objects, so their ranges, plan gates,
 * descriptions and cache-key rules are written once, in lib/screenshot); what the video is — its
 * format, scenario, length, frame size and rate — is declared here. Imports nothing of the feature
 * but its limits table.
 */
import { z } from "zod";
import { formatParam } from "@/lib/api/format-param";
import { enumParam, intParam, stringParam } from "@/lib/api/params";
import { apiKeyParam, responseParam, signedUrlParams } from "@/lib/api/common-params";
import type { FormatOf } from "@/lib/formats";
import { screenshotParams } from "@/lib/screenshot/params";
import { ANIMATE_MAX, SYNC_MAX_DURATION_MS } from "./limits";
import { stepsParam } from "./params-steps";

export type AnimateFormat = FormatOf<"animate">;
const SCENARIOS = ["scroll", "steps"] as const;
const EASINGS = ["linear", "ease", "ease-in", "ease-out", "ease-in-out"] as const;
export type Easing = (typeof EASINGS)[number];

/** The screenshot's fields a recording shares: the page, how it loads, what is blocked and emulated. */
const shared = screenshotParams.pick({
  url: true,
  html: true,
  deviceScale: true,
  delay: true,
  waitForSelector: true,
  waitUntil: true,
  hideSelectors: true,
  device: true,
  darkMode: true,
  customCSS: true,
  customJS: true,
  userAgent: true,
  headers: true,
  cookies: true,
  profile: true,
  locale: true,
  timezone: true,
  proxy: true,
  reducedMotion: true,
  blockAds: true,
  blockCookies: true,
  blockTrackers: true,
  blockChats: true,
  blockRequests: true,
  failOnHttpError: true,
  cacheTtl: true,
  fresh: true,
}).shape;

/** A synchronous recording's default and largest `timeout`; an async job may take longer (D26). */
const ANIMATE_TIMEOUT_MS = 60_000;

const PAUSE_MAX_MS = 10_000;

export const animateParams = z.object({
  url: shared.url,
  html: shared.html,
  format: formatParam("animate", {
    default: "mp4",
    description: "`mp4` (H.264), `webm` (VP9) or `gif` (with a palette made for the clip).",
  }),
  scenario: enumParam("scenario", {
    values: SCENARIOS,
    default: "scroll",
    description:
      "`scroll`: from the top to the bottom of the page (or to `scrollTo`) over `duration`. `steps`: the actions in `steps`, each recorded as it happens (the default when `steps` is given).",
  }),
  duration: intParam("duration", {
    min: 500,
    max: ANIMATE_MAX.durationMs,
    default: 5_000,
    description: `Length of a scroll video in milliseconds, pauses included; your plan sets the upper limit. A synchronous request records up to ${SYNC_MAX_DURATION_MS} ms; longer ones are async jobs (POST /v1/jobs).`,
  }),
  scrollTo: stringParam("scrollTo", {
    maxLength: 512,
    pattern: "selector or pixels",
    check: (v) =>
      /^\d+$/.test(v) && Number(v) > 100_000
        ? "scrollTo must be a CSS selector or a number of pixels up to 100000."
        : null,
    description:
      "Scroll scenario: end with the first element matching this CSS selector at the top of the viewport (or this many CSS pixels down) instead of at the bottom of the page.",
    example: "#pricing",
  }),
  easing: enumParam("easing", {
    values: EASINGS,
    default: "ease-in-out",
    description: "How the scroll speeds up and slows down (the CSS timing functions of the same names).",
  }),
  pauseStart: intParam("pauseStart", {
    min: 0,
    max: PAUSE_MAX_MS,
    default: 500,
    description: "Milliseconds the video holds the first view before anything moves (part of the video's length).",
  }),
  pauseEnd: intParam("pauseEnd", {
    min: 0,
    max: PAUSE_MAX_MS,
    default: 500,
    description: "Milliseconds the video holds the last view at its end (part of the video's length).",
  }),
  steps: stepsParam(
    "steps",
    'Steps scenario: a JSON array of actions performed and recorded in order — {"click":sel}, {"hover":sel}, {"scrollTo":sel or pixels}, {"type":text,"into":sel}, {"wait":ms}; click, hover, scrollTo and type take an optional "duration" in ms (default 1000; type: 100 per character + 500). The video lasts pauseStart + the steps + pauseEnd.',
  ),
  width: intParam("width", {
    min: 64,
    max: ANIMATE_MAX.longSide,
    default: 1280,
    description:
      "Viewport width in CSS pixels (the video is width × deviceScale pixels wide); your plan sets the upper limit.",
  }),
  height: intParam("height", {
    min: 64,
    max: ANIMATE_MAX.longSide,
    default: 720,
    description:
      "Viewport height in CSS pixels (the video is height × deviceScale pixels high); your plan sets the upper limit.",
  }),
  deviceScale: shared.deviceScale,
  fps: intParam("fps", {
    min: 1,
    max: ANIMATE_MAX.fps,
    default: 30,
    description:
      "Frames per second; every frame is captured, none dropped or repeated. Your plan sets the upper limit.",
  }),
  quality: intParam("quality", {
    min: 1,
    max: 100,
    default: 80,
    description:
      "Compression quality: higher is sharper and larger (mp4/webm: the encoder's constant quality; gif: colours in the palette).",
  }),
  delay: shared.delay,
  timeout: intParam("timeout", {
    min: 1,
    max: ANIMATE_TIMEOUT_MS,
    default: ANIMATE_TIMEOUT_MS,
    cacheKey: false,
    description:
      "Milliseconds the whole request may take; past it the answer is 504 render_timeout. An async job may take longer.",
  }),
  waitUntil: shared.waitUntil,
  waitForSelector: shared.waitForSelector,
  hideSelectors: shared.hideSelectors,
  device: shared.device,
  darkMode: shared.darkMode,
  customCSS: shared.customCSS,
  customJS: shared.customJS,
  userAgent: shared.userAgent,
  headers: shared.headers,
  cookies: shared.cookies,
  profile: shared.profile,
  locale: shared.locale,
  timezone: shared.timezone,
  proxy: shared.proxy,
  reducedMotion: shared.reducedMotion,
  blockAds: shared.blockAds,
  blockCookies: shared.blockCookies,
  blockTrackers: shared.blockTrackers,
  blockChats: shared.blockChats,
  blockRequests: shared.blockRequests,
  failOnHttpError: shared.failOnHttpError,
  cacheTtl: shared.cacheTtl,
  fresh: shared.fresh,
  response: responseParam(),
  api_key: apiKeyParam(),
  ...signedUrlParams(),
});

export type AnimateParams = z.output<typeof animateParams>;
