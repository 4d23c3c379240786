/**
 * HTML input (D19, issue #17 point 1): the page to render given as HTML instead of a url, mostly
 * in a POST body (invoices and reports to PDF). A field of the one screenshot schema, so a GET
 * query may carry it too (small pages) and the same checks apply. Its subresources go through the
 * target guard like any page's.
 */
import { stringParam } from "@/lib/api/params";

/** The POST body's cap (413 above it); html is at most this many characters, so it always fits. */
export const SCREENSHOT_BODY_MAX_BYTES = 5 * 1024 * 1024;

export const inputParams = {
  html: stringParam("html", {
    maxLength: SCREENSHOT_BODY_MAX_BYTES,
    // A 5 MB page is keyed by its SHA-256, which the JSON answer reports as htmlSha256.
    cacheKey: "digest",
    description:
      "The page as HTML instead of a url (POST body, up to 5 MiB). Relative links need a <base href>; everything it loads goes through the same public-address checks as a url's page. headers and cookies do not apply (there is no origin to send them to).",
    example: "<h1>Invoice 42</h1>",
  }),
};
