/**
 * What the capture loads (D19): the url, or the caller's html. Exactly one of them; headers and
 * cookies need the url's origin, so they cannot go with html, and a cookie only https keeps cannot
 * go with an http url. Checked in the validate step, so these are 400s before plan gates and the
 * rate limit (D2).
 */
import { ApiError } from "@/lib/vocabulary/errors";
import type { ScreenshotParams } from "./params";

/**
 * Cookie name prefixes (RFC 6265bis, matched without regard to case as Chromium does) that a
 * browser accepts only with the Secure attribute, which an http page's cookies cannot have.
 */
const SECURE_ONLY_COOKIE = /^__(?:secure|host|http)-/i;

/** The document an html page is written into: no origin, so nothing is same-origin with it. */
const HTML_PAGE_URL = "about:blank";

export function pageInput(params: Pick<ScreenshotParams, "url" | "html" | "headers" | "cookies">): {
  url: string;
  html?: string;
} {
  if (params.html !== undefined) {
    if (params.url !== undefined)
      throw new ApiError("invalid_parameter", "Give url or html, not both.", { param: "html" });
    for (const name of ["headers", "cookies"] as const) {
      if (params[name])
        throw new ApiError(
          "invalid_parameter",
          `${name} are sent to the url's origin; a page given as html has none.`,
          { param: name },
        );
    }
    return { url: HTML_PAGE_URL, html: params.html };
  }
  if (params.url === undefined)
    throw new ApiError("missing_parameter", "url is required (or html, e.g. in a POST body).", { param: "url" });
  if (params.cookies && new URL(params.url).protocol === "http:") {
    const name = Object.keys(params.cookies).find((n) => SECURE_ONLY_COOKIE.test(n));
    if (name)
      throw new ApiError(
        "invalid_parameter",
        `The cookie ${name.slice(0, 64)} has a name prefix (__Secure-, __Host-, __Http-) that browsers keep only for https pages; the url is http.`,
        { param: "cookies" },
      );
  }
  return { url: params.url };
}
