/**
 * The JSON answer of /v1/content (D24) in zod, the one schema behind the stored document's type
 * (ContentDocument), the answer's type (ContentResult), the OpenAPI document's `ContentResult`
 * and the integration tests' check of the answers they read (issue 49 point 4).
 */
import { z } from "zod";
import { dialogRecordSchema } from "@/lib/page/dialog-schema";
import { MAX_FORMAT_CHARS } from "./extract";
import { CONTENT_FORMATS } from "./params";

const cut = `at most ${MAX_FORMAT_CHARS.toLocaleString("en-US")} characters (longer is cut and named in truncated)`;
const PAGE_FORMATS = ["html", "markdown", "text", "links", "metadata"] as const;

const paletteColorSchema = z.object({
  hex: z.string().regex(/^#[0-9a-f]{6}$/),
  share: z.number().min(0).max(1),
});

const metadataSchema = z
  .object({
    title: z.string().describe("document.title"),
    description: z.string().optional().describe("meta description, else og:description."),
    canonicalUrl: z.url().optional(),
    language: z.string().optional().describe("html lang, else Content-Language."),
    dir: z.string().optional().describe("html dir (ltr, rtl, auto), when set."),
    openGraph: z.record(z.string(), z.string()).describe("og:* tags without the prefix."),
    twitter: z.record(z.string(), z.string()).describe("twitter:* tags without the prefix."),
    icons: z
      .array(z.object({ rel: z.string(), url: z.url(), sizes: z.string().optional(), type: z.string().optional() }))
      .describe("The icons the page declares (icon, apple-touch-icon, mask-icon), absolute."),
    jsonLd: z.array(z.unknown()).describe("Every parseable JSON-LD block (at most 20)."),
    publishedAt: z
      .string()
      .optional()
      .describe("ISO 8601 when parseable: Open Graph article time, itemprop, JSON-LD or citation meta."),
    modifiedAt: z.string().optional().describe("ISO 8601 when parseable: the same sources' modified time."),
    palette: z
      .array(paletteColorSchema)
      .describe("The dominant colours of the rendered viewport, most covering first."),
  })
  .describe("formats=metadata: what the page says about itself, and the colours it shows.");

/** The stored result: everything the JSON answer says about the page, without cache facts. */
const contentDocumentSchema = z.object({
  formats: z.array(z.enum(CONTENT_FORMATS)).describe("The formats this answer holds."),
  finalUrl: z.string().describe("Where the page ended: after redirects and script or meta-refresh navigation."),
  targetStatus: z.int().nullable().describe("The HTTP status of the main document (X-Target-Status)."),
  title: z.string().describe("The page's title."),
  markdown: z.string().optional().describe(`formats=markdown: the content as GitHub-flavoured Markdown, ${cut}.`),
  html: z.string().optional().describe(`formats=html: the rendered DOM after scripts (doctype and outerHTML), ${cut}.`),
  text: z.string().optional().describe(`formats=text: the content as plain text, ${cut}.`),
  contentSource: z
    .enum(["main", "article", "readability", "page"])
    .optional()
    .describe(
      "With markdown or text: where the content came from — the page's main landmark, its one article, Readability's article, or the whole page (onlyMainContent=false, or when Readability kept too little).",
    ),
  links: z
    .array(
      z.object({
        url: z.url(),
        text: z
          .string()
          .describe("The link's text, else its aria-label or title, else an image's alt (up to 500 characters)."),
        internal: z.boolean().describe("Same host as the page (www. ignored)."),
      }),
    )
    .optional()
    .describe("formats=links: every http(s) link of the page, absolute, once each (at most 5,000)."),
  metadata: metadataSchema.optional(),
  scrolled: z
    .boolean()
    .describe("The page was taller than the viewport and was scrolled through before it was read (scroll=true)."),
  pageHeight: z.int().describe("The document's height in CSS px when it was read."),
  timings: z
    .object({ navigate: z.int().min(0), wait: z.int().min(0), extract: z.int().min(0) })
    .describe(
      "Milliseconds: navigate (loading to waitUntil), wait (waits, steps and scrolling after), extract (reading the page). Of the original render on a HIT.",
    ),
  truncated: z.array(z.enum(PAGE_FORMATS)).optional().describe("Formats cut at their limit, when any was."),
  dialogs: z
    .array(dialogRecordSchema)
    .optional()
    .describe("The dialogs the page opened, as they were answered (only when it opened any)."),
  dialogCount: z.int().optional().describe("How many dialogs the page opened in all, only when it opened any."),
  blockedRequests: z
    .record(z.string(), z.int().min(0))
    .optional()
    .describe("Requests each enabled blocker stopped, only when one was on (ads, cookies, trackers, chats, requests)."),
});

/** The JSON answer: the stored document, what was asked for, the screenshot, and the cache facts (D7). */
export const contentResultSchema = contentDocumentSchema
  .extend({
    url: z.url().optional().describe("The page asked for, normalised (absent for html)."),
    htmlSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .describe("For html: its SHA-256, in place of url."),
    screenshot: z
      .object({
        url: z.url(),
        width: z.int().describe("Pixels."),
        height: z.int().describe("Pixels."),
        format: z.enum(["png"]),
        size: z.int().describe("Bytes."),
      })
      .optional()
      .describe("formats=screenshot: a PNG of the viewport in the result store (no key needed, until expiresAt)."),
    resultUrl: z
      .url()
      .describe("This answer's stored document (GET /v1/files/….json), without a key, until expiresAt."),
    cachedAt: z.int().nullable().describe("Unix ms the result was cached; null when rendered for this request."),
    expiresAt: z.int().describe("Unix ms after which the stored result is gone."),
    renderTime: z.int().describe("Milliseconds the render took (the original render's on a HIT)."),
  })
  .describe("The JSON answer of /v1/content: one field per asked format, plus what every render answer says (D7).");

export type ContentDocument = z.infer<typeof contentDocumentSchema>;
export type ContentResult = z.infer<typeof contentResultSchema>;
