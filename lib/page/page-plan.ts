/**
 * What loading a page needs to know (D34): the page's address or HTML, the steps before a capture
 * (D19), blockers and request shaping. A screenshot's capture plan (lib/screenshot/plan.ts)
 * extends it; content, recordings and comparisons load pages through it too.
 */
import type { RenderProfile } from "@/lib/profiles/state";
import type { WaitUntil } from "./params-page";

/**
 * D10: fullPage captures at most this many CSS pixels of height when no plan says more: the Free
 * plan's `fullPageMaxHeight` (lib/plans.ts); a render for an account uses its plan's (D36). Also
 * the content endpoint's scroll limit and the height of a fullPage PDF's sheets.
 */
export const FULL_PAGE_MAX_HEIGHT = 16_384;

export interface PageSteps {
  waitUntil: WaitUntil;
  /** Capture this element only (images). */
  selector?: string;
  /** A CSS selector list whose elements get display: none. */
  hideSelectors?: string;
  click?: string;
  scrollTo?: { selector: string } | { y: number };
  omitBackground: boolean;
  /** Output size after capture; one side alone keeps the aspect ratio. */
  resize?: { width?: number; height?: number };
  /** Stop with 422 target_http_error when the main document answers 4xx/5xx. */
  failOnHttpError: boolean;
  /** Capture a bot challenge, captcha or login wall instead of answering 422 target_blocked (D23). */
  allowBlocked?: boolean;
  /** Answer 422 capture_incomplete instead of a capture its completeness report calls incomplete (D36). */
  requireComplete?: boolean;
}

interface Viewport {
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
}

/** Request shaping (D19): what the browser says and sends. headers/cookies are secrets. */
interface RequestShaping {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  locale?: string;
  timezone?: string;
  reducedMotion: boolean;
  mediaType?: "screen" | "print";
  /** The customer's proxy URL (D41), a secret: the page's traffic goes through it. */
  proxy?: string;
}

/** A page to load and what to do on it before anything is read or captured. */
export interface PagePlan extends PageSteps {
  /** The page to load; HTML_PAGE_URL when `html` is given (lib/screenshot/plan-input.ts). */
  url: string;
  /** The caller's page as HTML, written into a blank document instead of loading `url`. */
  html?: string;
  viewport: Viewport;
  /** `userAgent`, else a device preset's; undefined means the browser's own (desktop) one. */
  userAgent?: string;
  delayMs: number;
  waitForSelector?: string;
  blockAds: boolean;
  blockCookies: boolean;
  blockTrackers: boolean;
  blockChats: boolean;
  /** URL patterns (`*` wildcards) whose requests are aborted. */
  blockRequests?: string[];
  darkMode: boolean;
  customCSS?: string;
  customJS?: string;
  request: RequestShaping;
  /** A saved login of the caller's workspace the page starts from (profile=, D43). */
  profile?: RenderProfile;
  /** How far down lazy content is scrolled into view: the caller's plan's fullPage height (D36); FULL_PAGE_MAX_HEIGHT when unset. */
  fullPageMaxHeight?: number;
}
