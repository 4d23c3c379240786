/**
 * The completeness report (D36) in the OpenAPI document: the `completeness` object of a capture's
 * JSON metadata, beside the Completeness type it describes (completeness.ts).
 */
import type { Schema } from "@/lib/api/openapi/types";
import { COMPLETE_WAIT_MS, DOM_QUIET_MS, INCOMPLETE_REASONS } from "./completeness";

const counts = (what: string): Schema => ({
  type: "object",
  description: `${what}: loaded, still loading (pending) and failed, at capture time.`,
  required: ["loaded", "pending", "failed"],
  properties: Object.fromEntries(
    ["loaded", "pending", "failed"].map((name) => [name, { type: "integer", minimum: 0 }]),
  ),
  additionalProperties: false,
});

export const COMPLETENESS_SCHEMA: Schema = {
  type: "object",
  description:
    "How complete the capture is (also X-Capture-Complete and X-Capture-Incomplete). Of the original render on a HIT. With requireComplete=true an incomplete capture is a 422 capture_incomplete instead.",
  required: ["complete", "reasons", "reachedBottom", "images", "fonts", "openRequests", "dom", "waits"],
  properties: {
    complete: { type: "boolean", description: "True when reasons is empty." },
    reasons: {
      type: "array",
      items: { type: "string", enum: [...INCOMPLETE_REASONS] },
      description:
        "What may be missing: height_limit (the page is taller than what was captured — the plan's full-page height, the format's size limit or the pixel budget; for a PDF, lazy content below the height scrolled through), images_pending, fonts_pending, requests_open (a document, stylesheet, image, font, script, XHR or fetch still loading), dom_changing.",
    },
    reachedBottom: {
      type: ["boolean", "null"],
      description:
        "fullPage images and PDFs: whether the whole height of the page was captured (a PDF prints it all; for it, scrolled through). null for a capture of the viewport, a clip or an element.",
    },
    pageHeight: { type: "integer", description: "fullPage and PDF: the page's height in CSS px at capture time." },
    capturedHeight: {
      type: "integer",
      description: "fullPage and PDF: the height captured (PDF: scrolled through), CSS px.",
    },
    heightLimit: {
      type: "object",
      description: "fullPage and PDF: the tallest capture allowed here, and what sets it.",
      required: ["height", "by"],
      properties: {
        height: { type: "integer" },
        by: { type: "string", enum: ["plan", "format", "pixels"] },
      },
      additionalProperties: false,
    },
    images: counts("Images in the captured part of the page"),
    fonts: counts("The page's web fonts in use"),
    openRequests: {
      type: "object",
      description: "Requests the page had in flight when it was captured.",
      required: ["count", "rendering", "urls"],
      properties: {
        count: { type: "integer", minimum: 0, description: "All of them (beacons, streams and sockets included)." },
        rendering: { type: "integer", minimum: 0, description: "Those whose answer can change the picture." },
        urls: { type: "array", items: { type: "string" }, description: "The first five, origin and path only." },
      },
      additionalProperties: false,
    },
    dom: {
      type: "object",
      description: `Whether the page's DOM changed in the last ${DOM_QUIET_MS} ms before the capture (null: not known).`,
      required: ["changing", "lastChangeMsAgo"],
      properties: {
        changing: { type: ["boolean", "null"] },
        lastChangeMsAgo: { type: ["integer", "null"], description: "null when it never changed after loading began." },
      },
      additionalProperties: false,
    },
    waits: {
      type: "object",
      description: `The waits the capture used: waitUntil, waitForSelector, fonts (always, at most 2 s before the load event), scrolled (lazy content scrolled into view), delayMs, and completeMs — requireComplete's wait for the page to finish, up to ${COMPLETE_WAIT_MS / 1000} s.`,
      required: ["waitUntil", "waitForSelector", "fonts", "scrolled", "delayMs", "completeMs"],
      properties: {
        waitUntil: { type: "string" },
        waitForSelector: { type: "boolean" },
        fonts: { type: "boolean" },
        scrolled: { type: "boolean" },
        delayMs: { type: "integer", minimum: 0 },
        completeMs: { type: "integer", minimum: 0 },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
