/**
 * Pages that stand between the caller and the page they asked for (D23, issue #47 point 3): a bot
 * challenge from a CDN or bot-management product, a captcha wall, a redirect to a login form, or
 * the target's own error page. Read once after loading, from the main response's status and
 * headers and one evaluation of a few DOM queries; a registry of vendor signatures, each naming
 * where its signal comes from. A signature fires only on what is unambiguous: a vendor's header
 * that marks the answer itself as a challenge, or a vendor's challenge markup on an error status
 * or as the page's dominant content (little text besides it) — never on a script the same vendor
 * also puts on every normal page.
 */
import "server-only";
import type { HTTPResponse, Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";

export type BlockedKind = "challenge" | "captcha" | "login_wall" | "http_error";

/** What stood in the way, and the signals that said so (`vendor:signal`, for the caller to check). */
export interface Blocked {
  kind: BlockedKind;
  signals: string[];
}

/** What the page showed, read by PROBE in one evaluation. */
interface Probe {
  /** Ids of the MARKUP selectors that matched. */
  markup: string[];
  /** Visible text length (innerText, capped): a challenge is the page's dominant content when it is short. */
  textLength: number;
  /** The page asks the visitor to prove they are human, in words an interstitial uses. */
  humanCheckWords: boolean;
  hasPassword: boolean;
}

/** A page with at most this much visible text is "mostly" whatever widget it shows. */
const DOMINANT_TEXT_MAX = 1_500;

/** DOM queries, by signal id. Each names where it comes from. */
const MARKUP: Record<string, string> = {
  // Cloudflare's managed/JS challenge ("Just a moment..."): the challenge form and the cf-chl
  // runtime (developers.cloudflare.com/waf/reference/cloudflare-challenges/). The bare
  // /cdn-cgi/challenge-platform/ script is also injected into normal pages (JavaScript detections),
  // so it counts only with an error status.
  "cloudflare:challenge-form": "#challenge-form, #challenge-stage, #cf-challenge-running, .cf-browser-verification",
  "cloudflare:cf-chl": 'script[src*="/cdn-cgi/challenge-platform/h/"], form[action*="__cf_chl_"], [id^="cf-chl-"]',
  "cloudflare:challenge-platform": 'script[src*="/cdn-cgi/challenge-platform/"]',
  // PerimeterX / HUMAN "Press & Hold" block page (docs.perimeterx.com, the _pxCaptcha/px-captcha block page).
  "perimeterx:px-captcha":
    '#px-captcha, script[src*="/captcha/captcha.js"][src*="px"], script[src*="captcha.px-cdn.net"]',
  // DataDome's captcha/interstitial is an iframe from geo.captcha-delivery.com (docs.datadome.co).
  "datadome:captcha-delivery": 'iframe[src*="captcha-delivery.com"], script[src*="ct.captcha-delivery.com"]',
  // Imperva/Incapsula's block and challenge pages load _Incapsula_Resource (docs.imperva.com).
  "imperva:incapsula-iframe": 'iframe[src*="_Incapsula_Resource"]',
  // …whose script Imperva also adds to normal pages: it counts only with an error status.
  "imperva:incapsula-script": 'script[src*="_Incapsula_Resource"]',
  // AWS WAF challenge/captcha actions serve a page with the awswaf.com challenge SDK (docs.aws.amazon.com/waf).
  "aws-waf:challenge-sdk": 'script[src*=".awswaf.com/"], #captcha-container[data-awswaf], #aws-waf-token',
  // Captcha widgets: reCAPTCHA (developers.google.com/recaptcha), hCaptcha (docs.hcaptcha.com),
  // Cloudflare Turnstile (developers.cloudflare.com/turnstile): a wall only as the dominant content.
  "recaptcha:widget": '.g-recaptcha, iframe[src*="/recaptcha/api2/"], iframe[src*="/recaptcha/enterprise/"]',
  "hcaptcha:widget": '.h-captcha, iframe[src*="hcaptcha.com"]',
  "turnstile:widget": '.cf-turnstile, iframe[src*="challenges.cloudflare.com"]',
};

const PROBE = `(() => {
  const markup = Object.entries(${JSON.stringify(MARKUP)})
    .filter(([, selector]) => { try { return document.querySelector(selector) !== null; } catch { return false; } })
    .map(([id]) => id);
  const text = (document.body && document.body.innerText || "").slice(0, 20000);
  const words = /verify (that )?you are (a )?human|are you a robot|checking (if the site connection is secure|your browser)|unusual traffic|press (&|and) hold|security check|not a robot|enable javascript and cookies to continue/i;
  return {
    markup,
    textLength: text.trim().length,
    humanCheckWords: words.test(text) || words.test(document.title || ""),
    hasPassword: document.querySelector('input[type="password"]') !== null,
  };
})()`;

const CAPTCHA_WIDGETS = ["recaptcha:widget", "hcaptcha:widget", "turnstile:widget"];
/** Vendor scripts that also appear on normal pages: a signal only on an error status. */
const ON_ERROR_ONLY = ["cloudflare:challenge-platform", "imperva:incapsula-script"];
/** Login pages, by path: where a site sends a visitor it wants signed in. */
const LOGIN_PATH = /\/(log-?in|sign-?in|signon|auth(enticate)?|session\/new|account\/login|sso)(\/|\.|$|\?)/i;

/** Header signals: each is the vendor marking this answer itself as a challenge or block. */
function headerSignals(status: number | null, headers: Record<string, string>): string[] {
  const found: string[] = [];
  const server = (headers["server"] ?? "").toLowerCase();
  const failed = status !== null && status >= 400;
  // Cloudflare sets cf-mitigated: challenge on every challenge answer (developers.cloudflare.com/waf/reference/cloudflare-challenges/#detect-a-challenge-page-response).
  if (headers["cf-mitigated"]?.toLowerCase() === "challenge") found.push("cloudflare:cf-mitigated");
  // AWS WAF answers its CHALLENGE and CAPTCHA actions with x-amzn-waf-action (202/405; docs.aws.amazon.com/waf/latest/developerguide/waf-captcha-and-challenge-how-it-works.html).
  const waf = headers["x-amzn-waf-action"]?.toLowerCase();
  if (waf === "challenge" || waf === "captcha") found.push(`aws-waf:x-amzn-waf-action-${waf}`);
  // DataDome marks every answer x-datadome; only a blocked one is 403 (docs.datadome.co).
  if (failed && headers["x-datadome"] !== undefined) found.push("datadome:x-datadome-403");
  // Akamai Bot Manager / Edge "Access Denied": 403 from AkamaiGHost (techdocs.akamai.com).
  if (status === 403 && server.includes("akamaighost")) found.push("akamai:akamaighost-403");
  // Imperva/Incapsula sets x-iinfo / x-cdn: Incapsula on its answers; a block is 403 (docs.imperva.com).
  if (failed && (headers["x-iinfo"] !== undefined || (headers["x-cdn"] ?? "").toLowerCase() === "incapsula"))
    found.push("imperva:x-iinfo");
  // A 403/503 from Cloudflare's own server (server: cloudflare) is its interstitial when the markup agrees.
  if ((status === 403 || status === 503) && server === "cloudflare") found.push("cloudflare:server-403-503");
  return found;
}

/**
 * Decides from the response and the probe. Challenge first (a vendor's page, whatever it shows),
 * then a captcha wall, a login wall, and last the target's own error status.
 */
function classify(
  input: { status: number | null; headers: Record<string, string>; requestedUrl: string; finalUrl: string },
  probe: Probe | undefined,
): Blocked | undefined {
  const { status } = input;
  const failed = status !== null && status >= 400;
  const headers = headerSignals(status, input.headers);
  const markup = probe?.markup ?? [];
  const dominant = probe !== undefined && probe.textLength <= DOMINANT_TEXT_MAX;
  const vendorMarkup = markup.filter((id) => !CAPTCHA_WIDGETS.includes(id) && (failed || !ON_ERROR_ONLY.includes(id)));
  // A header that marks the answer as a challenge is enough; a weaker header (a 403 from the
  // vendor's server) needs the vendor's markup too; markup alone needs an error status or the page.
  const strongHeaders = headers.filter((s) => s !== "cloudflare:server-403-503");
  if (strongHeaders.length > 0 || (vendorMarkup.length > 0 && (failed || dominant)))
    return { kind: "challenge", signals: [...headers, ...vendorMarkup] };
  const widgets = markup.filter((id) => CAPTCHA_WIDGETS.includes(id));
  if (widgets.length > 0 && dominant && (failed || probe.humanCheckWords)) {
    return { kind: "captcha", signals: [...widgets, ...(probe.humanCheckWords ? ["page:human-check-words"] : [])] };
  }
  if (probe?.hasPassword && dominant && redirectedToLogin(input.requestedUrl, input.finalUrl)) {
    return { kind: "login_wall", signals: ["page:redirected-to-login", "page:password-field"] };
  }
  if (failed) return { kind: "http_error", signals: [`http:status-${status}`] };
  return undefined;
}

/** The page asked for is not itself a login page, and the one shown is. */
function redirectedToLogin(requested: string, final: string): boolean {
  try {
    const from = new URL(requested);
    const to = new URL(final);
    return !LOGIN_PATH.test(from.pathname) && LOGIN_PATH.test(to.pathname);
  } catch {
    return false;
  }
}

/**
 * Reads the loaded page (url targets only: html the caller wrote blocks nobody). A page that breaks
 * the probe (overridden DOM methods) is judged on its status and headers alone.
 */
export async function detectBlocked(
  page: Page,
  response: HTTPResponse | null,
  requestedUrl: string,
  deadline: Deadline,
): Promise<Blocked | undefined> {
  let probe: Probe | undefined;
  try {
    const value = (await deadline.race(page.evaluate(PROBE))) as Probe | null;
    if (value && Array.isArray(value.markup)) probe = value;
  } catch (error) {
    if (deadline.expired()) throw error;
  }
  return classify(
    {
      status: response ? response.status() : null,
      headers: response ? response.headers() : {},
      requestedUrl,
      finalUrl: page.url(),
    },
    probe,
  );
}

const WHAT: Record<Exclude<BlockedKind, "http_error">, string> = {
  challenge: "a bot-challenge page",
  captcha: "a captcha wall",
  login_wall: "a login page it redirected to",
};

/** The answer when the caller did not ask for blocked pages (allowBlocked=false). */
export function targetBlockedError(blocked: Blocked & { kind: Exclude<BlockedKind, "http_error"> }): ApiError {
  return new ApiError(
    "target_blocked",
    `The url answered with ${WHAT[blocked.kind]} instead of its content (${blocked.signals.join(", ")}). Nothing was captured or charged; pass allowBlocked=true to capture it anyway.`,
    { param: "url", kind: blocked.kind, signals: blocked.signals, headers: { "X-Target-Blocked": blocked.kind } },
  );
}
