/**
 * Request shaping (D19, issue #17 point 3): who the browser says it is and what it sends to the
 * target. Fields of the one screenshot schema (spread into lib/screenshot/params.ts), so gates,
 * docs, the playground and OpenAPI follow from here. `headers` and `cookies` are secrets: their
 * values are never logged, stored or returned, and only their hash is in the cache key.
 */
import { boolParam, enumParam, stringParam } from "@/lib/api/params";
import { jsonMapParam } from "@/lib/api/params-json";
import { proxyParams } from "./params-proxy";
import { PROFILE_NAME, PROFILE_NAME_RULE } from "@/lib/profiles/state";

const MEDIA_TYPES = ["screen", "print"] as const;

/**
 * Names `headers` may not set: the Fetch standard's forbidden request headers (the browser or the
 * connection owns them), Proxy-* and Sec-* (the guard proxy's credentials and the browser's own
 * signals), and the ones another parameter sets (Cookie → cookies, User-Agent → userAgent,
 * Accept-Language → locale). Referer is allowed: some sites need it.
 */
const FORBIDDEN_HEADERS = new Map<string, string>([
  ...[
    "accept-charset",
    "accept-encoding",
    "access-control-request-headers",
    "access-control-request-method",
    "connection",
    "content-length",
    "cookie2",
    "date",
    "dnt",
    "expect",
    "host",
    "keep-alive",
    "origin",
    "set-cookie",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "via",
  ].map((h) => [h, "the browser sets it"] as const),
  ["cookie", "use the cookies parameter"],
  ["user-agent", "use the userAgent parameter"],
  ["accept-language", "use the locale parameter"],
]);

/** RFC 9110 token: what a header or cookie name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Field values: visible ASCII, spaces and tabs, and non-ASCII text; no control characters (no CR/LF injection). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;
/** RFC 6265 cookie-octet: no spaces, quotes, commas, semicolons or backslashes. */
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

function headerProblem(name: string, value: string): string | null {
  if (!TOKEN.test(name)) return `${JSON.stringify(name.slice(0, 64))} is not a valid header name.`;
  const lower = name.toLowerCase();
  const reason =
    FORBIDDEN_HEADERS.get(lower) ??
    (lower.startsWith("proxy-") || lower.startsWith("sec-") ? "the browser or proxy owns it" : undefined);
  if (reason) return `${name} cannot be set (${reason}).`;
  if (value.length > 8192) return `the value of ${name} is longer than 8192 characters.`;
  if (!FIELD_VALUE.test(value)) return `the value of ${name} contains a control character.`;
  return null;
}

function cookieProblem(name: string, value: string): string | null {
  if (!TOKEN.test(name)) return `${JSON.stringify(name.slice(0, 64))} is not a valid cookie name.`;
  // Chromium refuses a cookie whose name and value together pass 4096 bytes (both are ASCII here).
  if (name.length + value.length > 4096)
    return `${name.slice(0, 64)} and its value are longer than 4096 characters together.`;
  if (!COOKIE_VALUE.test(value))
    return `the value of ${name} must be cookie-safe (no spaces, quotes, commas, semicolons or backslashes; URL-encode them).`;
  return null;
}

function localeProblem(value: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical ? null : "locale must be a BCP 47 language tag such as en-US or de-DE.";
  } catch {
    return "locale must be a BCP 47 language tag such as en-US or de-DE.";
  }
}

function timezoneProblem(value: string): string | null {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return null;
  } catch {
    return "timezone must be an IANA time zone such as Europe/Berlin or America/New_York.";
  }
}

export const requestShapingParams = {
  // A saved login (D43): resolved for the caller's workspace while validating (lib/page/profile.ts).
  profile: stringParam("profile", {
    maxLength: 64,
    check: (v) => (PROFILE_NAME.test(v) ? null : `profile: ${PROFILE_NAME_RULE}.`),
    description:
      "A saved login of your workspace (POST /v1/sessions/{id}/profile): the page starts with its cookies and local storage, as if logged in. " +
      "Results are cached per profile. A name your workspace does not have is 404 profile_not_found.",
    example: "acme-admin",
  }),
  userAgent: stringParam("userAgent", {
    maxLength: 512,
    plan: "starter",
    check: (v) => (FIELD_VALUE.test(v) ? null : "userAgent must not contain control characters."),
    description: "User-Agent the browser sends and reports in navigator.userAgent. Overrides a device preset's.",
    example: "Mozilla/5.0 (compatible; MyMonitor/1.0)",
  }),
  headers: jsonMapParam("headers", {
    maxLength: 16_384,
    maxEntries: 20,
    plan: "pro",
    secret: true,
    checkEntry: headerProblem,
    description:
      "Extra request headers, sent only to the url's own origin (scheme, host and port), never to other hosts the page loads from. " +
      'A JSON object, e.g. {"Authorization":"Bearer …"}. Secret: never logged, stored or returned; prefer POST so it stays out of URLs. ' +
      "Host, Cookie, User-Agent, Accept-Language, Proxy-* and Sec-* and other browser-owned names are refused.",
  }),
  cookies: jsonMapParam("cookies", {
    maxLength: 16_384,
    maxEntries: 50,
    plan: "pro",
    secret: true,
    checkEntry: cookieProblem,
    description:
      'Cookies set for the url\'s host before loading, e.g. {"session":"…"}: a JSON object of names to values. ' +
      "Names starting __Secure-, __Host- or __Http- (any case) need an https url: browsers keep them only with Secure. " +
      "Secret: never logged, stored or returned; prefer POST so it stays out of URLs.",
  }),
  locale: stringParam("locale", {
    maxLength: 35,
    plan: "starter",
    check: localeProblem,
    description: "Language of the browser: the Accept-Language header, navigator.language and the default Intl locale.",
    example: "de-DE",
  }),
  timezone: stringParam("timezone", {
    maxLength: 64,
    plan: "starter",
    check: timezoneProblem,
    description: "IANA time zone the page's clock and Intl use.",
    example: "America/New_York",
  }),
  reducedMotion: boolParam("reducedMotion", {
    default: false,
    plan: "starter",
    description: "Emulate prefers-reduced-motion: reduce, so pages that honour it skip animations and carousels.",
  }),
  mediaType: enumParam("mediaType", {
    values: MEDIA_TYPES,
    plan: "starter",
    description:
      "CSS media type: `print` applies the page's print styles to an image; `screen` keeps screen styles in a PDF. Default: screen for images, print for PDF.",
  }),
  ...proxyParams,
};
