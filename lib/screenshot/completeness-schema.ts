/**
 * The completeness report (D36) in zod: the Completeness type a capture carries, and the
 * `completeness` object of its JSON metadata in the OpenAPI document (through ./schema.ts).
 */
import { z } from "zod";
import { WAIT_UNTIL_EVENTS } from "@/lib/page/params-page";

/** The DOM counts as still changing when it changed this recently before the capture. */
export const DOM_QUIET_MS = 500;
/** How long requireComplete waits, within the timeout, for an incomplete page to finish. */
export const COMPLETE_WAIT_MS = 5_000;

const INCOMPLETE_REASONS = [
  "height_limit",
  "images_pending",
  "fonts_pending",
  "requests_open",
  "dom_changing",
] as const;
export type IncompleteReason = (typeof INCOMPLETE_REASONS)[number];

const count = z.int().min(0);
const counts = (what: string) =>
  z
    .object({ loaded: count, pending: count, failed: count })
    .describe(`${what}: loaded, still loading (pending) and failed, at capture time.`);

export const completenessSchema = z
  .object({
    complete: z.boolean().describe("True when reasons is empty."),
    reasons: z
      .array(z.enum(INCOMPLETE_REASONS))
      .describe(
        "What may be missing: height_limit (the page is taller than what was captured — the plan's full-page height, the format's size limit or the pixel budget; for a PDF, lazy content below the height scrolled through), images_pending, fonts_pending, requests_open (a document, stylesheet, image, font, script, XHR or fetch still loading), dom_changing.",
      ),
    reachedBottom: z
      .boolean()
      .nullable()
      .describe(
        "fullPage images and PDFs: whether the whole height of the page was captured (a PDF prints it all; for it, scrolled through). null for a capture of the viewport, a clip or an element.",
      ),
    pageHeight: z.int().optional().describe("fullPage and PDF: the page's height in CSS px at capture time."),
    capturedHeight: z
      .int()
      .optional()
      .describe("fullPage and PDF: the height captured (PDF: scrolled through), CSS px."),
    heightLimit: z
      .object({ height: z.int(), by: z.enum(["plan", "format", "pixels"]) })
      .optional()
      .describe("fullPage and PDF: the tallest capture allowed here, and what sets it."),
    images: counts("Images in the captured part of the page"),
    fonts: counts("The page's web fonts in use"),
    openRequests: z
      .object({
        count: count.describe("All of them (beacons, streams and sockets included)."),
        rendering: count.describe("Those whose answer can change the picture."),
        urls: z.array(z.string()).describe("The first five, origin and path only."),
      })
      .describe("Requests the page had in flight when it was captured."),
    dom: z
      .object({
        changing: z.boolean().nullable(),
        lastChangeMsAgo: z.int().nullable().describe("null when it never changed after loading began."),
      })
      .describe(`Whether the page's DOM changed in the last ${DOM_QUIET_MS} ms before the capture (null: not known).`),
    waits: z
      .object({
        waitUntil: z.enum(WAIT_UNTIL_EVENTS),
        waitForSelector: z.boolean(),
        fonts: z.literal(true),
        scrolled: z.boolean(),
        delayMs: count,
        completeMs: count.describe(
          "requireComplete's wait for the page to finish, in ms (0 when it was complete at once or not asked).",
        ),
      })
      .describe(
        `The waits the capture used: waitUntil, waitForSelector, fonts (always, at most 2 s before the load event), scrolled (lazy content scrolled into view), delayMs, and completeMs — requireComplete's wait for the page to finish, up to ${COMPLETE_WAIT_MS / 1000} s.`,
      ),
  })
  .describe(
    "How complete the capture is (also X-Capture-Complete and X-Capture-Incomplete). Of the original render on a HIT. With requireComplete=true an incomplete capture is a 422 capture_incomplete instead.",
  );

export type Completeness = z.infer<typeof completenessSchema>;
