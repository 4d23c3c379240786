/**
 * The response=json answers of a page render in zod (D7, D19, D26): what every render of a page
 * says of it (screenshots and recordings), and the screenshot's metadata — the one schema behind
 * ScreenshotMetadata, the OpenAPI document's `ScreenshotMetadata` and the integration tests'
 * response check (issue 49 point 4).
 */
import { z } from "zod";
import { formatsOf } from "@/lib/formats";
import { renderResultSchema } from "@/lib/results/schema";
import { dialogRecordSchema } from "@/lib/page/dialog-schema";
import { completenessSchema } from "./completeness-schema";

const count = z.int().min(0);

/** How the JSON answer names the page: its url, or the hash of the html given instead (D19). */
export const pageSourceSchema = z.object({
  url: z.url().optional().describe("The captured URL, normalised (absent for html)."),
  htmlSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .describe("For a page given as html: the SHA-256 of the html (hex), in place of url."),
});

/** What the JSON answer says of the page, for every render of one: screenshots and recordings (D19, D26). */
export const pageFieldsSchema = z.object({
  dialogs: z
    .array(dialogRecordSchema)
    .optional()
    .describe(
      "The JavaScript dialogs the page opened (the first 20), only when it opened any. Each was answered at once: alert and beforeunload accepted, confirm answered false, prompt answered null (as Cancel).",
    ),
  dialogCount: z.int().optional().describe("How many dialogs the page opened in all, only when it opened any."),
  finalUrl: z
    .string()
    .describe("The URL the page ended on: after HTTP redirects and any script or meta-refresh navigation."),
  targetStatus: z.int().nullable().describe("The HTTP status of the target's main document (also X-Target-Status)."),
  title: z.string().describe("The page's title (first 1,000 characters)."),
  blocked: z
    .object({
      kind: z.enum(["challenge", "captcha", "login_wall", "http_error"]),
      signals: z.array(z.string()),
    })
    .optional()
    .describe(
      "Only when the page shown was not the page asked for (D23): a bot challenge, captcha wall or login wall captured with allowBlocked=true, or an error page captured with failOnHttpError=false. signals names what said so (vendor:signal).",
    ),
  metaTags: z
    .record(z.string(), z.string())
    .describe(
      "The page's own Open Graph (og:*) and Twitter card (twitter:*) meta tags by property or name: the first of each, at most 50, values up to 1,000 characters.",
    ),
  timings: z
    .object({ navigate: count, wait: count, capture: count, encode: count })
    .describe(
      "Milliseconds per phase of the render: navigate (loading to waitUntil), wait (selectors, banners, scripts, clicks, scrolling, delay), capture (screenshot, print, or recording the frames), encode (reading and resizing the image, or finishing the video). Of the original render on a HIT.",
    ),
  blockedRequests: z
    .object({
      ads: count.optional(),
      cookies: count.optional(),
      trackers: count.optional(),
      chats: count.optional(),
      requests: count.optional(),
    })
    .optional()
    .describe(
      "Requests each enabled blocker stopped, only when one was on: ads (blockAds), cookies (blockCookies), trackers (blockTrackers), chats (blockChats), requests (blockRequests). A request is counted once, by the first blocker that matched (blockRequests, then the lists in that order).",
    ),
});

/** The `response=json` answer of a capture (D7, D19, D36). */
export const screenshotMetadataSchema = renderResultSchema
  .extend({
    ...pageSourceSchema.shape,
    width: z.int().describe("Output width in pixels (PDF: page width in CSS px)."),
    height: z.int().describe("Output height in pixels (PDF: page height in CSS px)."),
    format: z.enum(formatsOf("screenshot")),
    ...pageFieldsSchema.shape,
    completeness: completenessSchema,
  })
  .describe("The response=json answer of /v1/screenshot: the stored file, the page, and how complete the capture is.");

export type ScreenshotMetadata = z.infer<typeof screenshotMetadataSchema>;
