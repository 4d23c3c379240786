/**
 * GET, HEAD and POST /v1/content in the OpenAPI document (D24, declared beside the endpoint as
 * D31 has it): the operations built from the one schema, the JSON answer (ContentResult) and the
 * Markdown answer, and the error codes a content render can answer with.
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryOrBodyPaths } from "@/lib/api/openapi/operations";
import { jsonBodySchema } from "@/lib/api/openapi/params";
import { KEYED_HEADERS, PDF_ONLY, CAPTURE_ONLY, renderErrorCodes } from "@/lib/api/openapi/responses";
import { jsonContent, type EndpointDoc, type Response, type Schema } from "@/lib/api/openapi/types";
import { SCREENSHOT_BODY_MAX_BYTES } from "@/lib/screenshot/params-input";
import { MAX_FORMAT_CHARS } from "./extract";
import { contentParams } from "./params";

/** Every render code but the OG endpoint's own. */
export const CONTENT_ERROR_CODES: readonly ErrorCode[] = renderErrorCodes([
  "template_not_found",
  "invalid_variable",
  ...PDF_ONLY,
  ...CAPTURE_ONLY,
]);

const text = (description: string): Schema => ({ type: "string", description });
const int = (description: string): Schema => ({ type: "integer", description });
const cut = `at most ${MAX_FORMAT_CHARS.toLocaleString("en-US")} characters (longer is cut and named in truncated)`;

/** The JSON answer of /v1/content: one field per asked format, plus what every render answer says (D7). */
export const CONTENT_RESULT_SCHEMA: Schema = {
  type: "object",
  required: ["formats", "finalUrl", "targetStatus", "title", "scrolled", "pageHeight", "timings", "resultUrl"],
  properties: {
    url: { type: "string", format: "uri", description: "The page asked for, normalised (absent for html)." },
    htmlSha256: { type: "string", pattern: "^[0-9a-f]{64}$", description: "For html: its SHA-256, in place of url." },
    formats: { type: "array", items: { type: "string" }, description: "The formats this answer holds." },
    finalUrl: text("Where the page ended: after redirects and script or meta-refresh navigation."),
    targetStatus: { type: ["integer", "null"], description: "The HTTP status of the main document (X-Target-Status)." },
    title: text("The page's title."),
    markdown: text(`formats=markdown: the content as GitHub-flavoured Markdown, ${cut}.`),
    html: text(`formats=html: the rendered DOM after scripts (doctype and outerHTML), ${cut}.`),
    text: text(`formats=text: the content as plain text, ${cut}.`),
    contentSource: {
      type: "string",
      enum: ["main", "article", "readability", "page"],
      description:
        "With markdown or text: where the content came from — the page's main landmark, its one article, Readability's article, or the whole page (onlyMainContent=false, or when Readability kept too little).",
    },
    links: {
      type: "array",
      description: "formats=links: every http(s) link of the page, absolute, once each (at most 5,000).",
      items: {
        type: "object",
        required: ["url", "text", "internal"],
        properties: {
          url: { type: "string", format: "uri" },
          text: text("The link's text, else its aria-label or title, else an image's alt (up to 500 characters)."),
          internal: { type: "boolean", description: "Same host as the page (www. ignored)." },
        },
      },
    },
    metadata: {
      type: "object",
      description: "formats=metadata: what the page says about itself, and the colours it shows.",
      properties: {
        title: text("document.title"),
        description: text("meta description, else og:description."),
        canonicalUrl: { type: "string", format: "uri" },
        language: text("html lang, else Content-Language."),
        dir: text("html dir (ltr, rtl, auto), when set."),
        openGraph: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "og:* tags without the prefix.",
        },
        twitter: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "twitter:* tags without the prefix.",
        },
        icons: {
          type: "array",
          description: "The icons the page declares (icon, apple-touch-icon, mask-icon), absolute.",
          items: {
            type: "object",
            required: ["rel", "url"],
            properties: {
              rel: { type: "string" },
              url: { type: "string", format: "uri" },
              sizes: { type: "string" },
              type: { type: "string" },
            },
          },
        },
        jsonLd: { type: "array", items: {}, description: "Every parseable JSON-LD block (at most 20)." },
        publishedAt: text("ISO 8601 when parseable: Open Graph article time, itemprop, JSON-LD or citation meta."),
        modifiedAt: text("ISO 8601 when parseable: the same sources' modified time."),
        palette: {
          type: "array",
          description: "The dominant colours of the rendered viewport, most covering first.",
          items: {
            type: "object",
            required: ["hex", "share"],
            properties: {
              hex: { type: "string", pattern: "^#[0-9a-f]{6}$" },
              share: { type: "number", minimum: 0, maximum: 1 },
            },
          },
        },
      },
    },
    screenshot: {
      type: "object",
      description: "formats=screenshot: a PNG of the viewport in the result store (no key needed, until expiresAt).",
      required: ["url", "width", "height", "format", "size"],
      properties: {
        url: { type: "string", format: "uri" },
        width: int("Pixels."),
        height: int("Pixels."),
        format: { type: "string", enum: ["png"] },
        size: int("Bytes."),
      },
    },
    scrolled: {
      type: "boolean",
      description: "The page was taller than the viewport and was scrolled through before it was read (scroll=true).",
    },
    pageHeight: int("The document's height in CSS px when it was read."),
    timings: {
      type: "object",
      description:
        "Milliseconds: navigate (loading to waitUntil), wait (waits, steps and scrolling after), extract (reading the page). Of the original render on a HIT.",
      required: ["navigate", "wait", "extract"],
      properties: Object.fromEntries(["navigate", "wait", "extract"].map((n) => [n, { type: "integer", minimum: 0 }])),
    },
    truncated: { type: "array", items: { type: "string" }, description: "Formats cut at their limit, when any was." },
    resultUrl: {
      type: "string",
      format: "uri",
      description: "This answer's stored document (GET /v1/files/….json), without a key, until expiresAt.",
    },
    cachedAt: {
      type: ["integer", "null"],
      description: "Unix ms the result was cached; null when rendered for this request.",
    },
    expiresAt: int("Unix ms after which the stored result is gone."),
    renderTime: int("Milliseconds the render took (the original render's on a HIT)."),
  },
};

const contentOk = (description: string): Response => ({
  description,
  headers: {
    "X-Cache": { $ref: "#/components/headers/XCache" },
    "X-Render-Time": { $ref: "#/components/headers/XRenderTime" },
    "X-Target-Status": { $ref: "#/components/headers/XTargetStatus" },
    ...KEYED_HEADERS,
  },
  content: {
    ...jsonContent("ContentResult"),
    "text/markdown": {
      schema: {
        type: "string",
        description: "response=markdown or Accept: text/markdown, with formats=markdown alone.",
      },
    },
  },
});

export function contentDoc(appUrl: string): EndpointDoc {
  return {
    tags: [
      { name: "Page content", description: "A page as data for AI pipelines: Markdown, HTML, text, links, metadata." },
    ],
    schemas: { ContentResult: CONTENT_RESULT_SCHEMA },
    paths: {
      "/v1/content": queryOrBodyPaths({
        operationId: "getPageContent",
        tag: "Page content",
        docsUrl: `${appUrl}/docs/content`,
        params: contentParams,
        bodySchema: contentBodySchema(),
        errors: CONTENT_ERROR_CODES,
        ok: contentOk,
        get: {
          summary: "Read a web page as Markdown, HTML, text, links and metadata",
          description:
            "Renders `url` in a fresh, guarded browser, scrolls lazy content into view, and returns every asked format from that one render as JSON — or, for formats=markdown alone with `response=markdown` or `Accept: text/markdown`, the Markdown itself. One render counts once, whatever the formats.",
          ok: "The page as data (JSON), or its Markdown.",
        },
        post: {
          summary: "Read a web page or HTML (parameters as a JSON body)",
          description:
            "The same as GET, with the parameters as one JSON object (formats as an array): give `url`, or `html` (the page itself). A body and a query that say the same thing share one cached result.",
          ok: "The page as data (JSON), or its Markdown.",
        },
      }),
    },
  };
}

/** The body of POST /v1/content, and the `params` of a content job (D20). */
export const contentBodySchema = (): Schema => jsonBodySchema(contentParams, SCREENSHOT_BODY_MAX_BYTES);
