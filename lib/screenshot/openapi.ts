/**
 * GET, HEAD and POST /v1/screenshot in the OpenAPI document (D31): the operations, the JSON
 * metadata (D7, D19) and the error codes a capture can answer with, declared beside the endpoint
 * and built from its one schema; lib/openapi/document.ts puts every endpoint's part together.
 */
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryOrBodyPaths } from "@/lib/api/openapi/operations";
import { jsonBodySchema } from "@/lib/api/openapi/params";
import { RENDER_FIELDS, RECORDING_ONLY, RENDER_HEADERS, renderErrorCodes } from "@/lib/api/openapi/responses";
import { binaryContent, jsonContent, type EndpointDoc, type Response, type Schema } from "@/lib/api/openapi/types";
import { formatLabels, formatsOf } from "@/lib/formats";
import { COMPLETENESS_SCHEMA } from "./completeness-doc";
import { screenshotParams } from "./params";
import { SCREENSHOT_BODY_MAX_BYTES } from "./params-input";

/** Every API code but the OG endpoint's own and those of the account, files and job endpoints. */
export const SCREENSHOT_ERROR_CODES: readonly ErrorCode[] = renderErrorCodes([
  "template_not_found",
  "invalid_variable",
  ...RECORDING_ONLY,
]);

/** What the JSON answer says of the page, for every render of one: screenshots and recordings (D19, D26). */
export const PAGE_FIELDS: Record<string, Schema> = {
  dialogs: {
    type: "array",
    description:
      "The JavaScript dialogs the page opened (the first 20), only when it opened any. Each was answered at once: alert and beforeunload accepted, confirm answered false, prompt answered null (as Cancel).",
    items: {
      type: "object",
      required: ["type", "message", "answer"],
      properties: {
        type: { type: "string", enum: ["alert", "confirm", "prompt", "beforeunload"] },
        message: { type: "string", description: "The page's message (first 200 characters)." },
        answer: {
          type: ["boolean", "null"],
          description: "What the page's call returned: true (accepted), false or null (dismissed).",
        },
      },
    },
  },
  dialogCount: {
    type: "integer",
    description: "How many dialogs the page opened in all, only when it opened any.",
  },
  finalUrl: {
    type: "string",
    description: "The URL the page ended on: after HTTP redirects and any script or meta-refresh navigation.",
  },
  targetStatus: {
    type: ["integer", "null"],
    description: "The HTTP status of the target's main document (also X-Target-Status).",
  },
  title: { type: "string", description: "The page's title (first 1,000 characters)." },
  blocked: {
    type: "object",
    description:
      "Only when the page shown was not the page asked for (D23): a bot challenge, captcha wall or login wall captured with allowBlocked=true, or an error page captured with failOnHttpError=false. signals names what said so (vendor:signal).",
    required: ["kind", "signals"],
    properties: {
      kind: { type: "string", enum: ["challenge", "captcha", "login_wall", "http_error"] },
      signals: { type: "array", items: { type: "string" } },
    },
    additionalProperties: false,
  },
  metaTags: {
    type: "object",
    description:
      "The page's own Open Graph (og:*) and Twitter card (twitter:*) meta tags by property or name: the first of each, at most 50, values up to 1,000 characters.",
    additionalProperties: { type: "string" },
  },
  timings: {
    type: "object",
    description:
      "Milliseconds per phase of the render: navigate (loading to waitUntil), wait (selectors, banners, scripts, clicks, scrolling, delay), capture (screenshot, print, or recording the frames), encode (reading and resizing the image, or finishing the video). Of the original render on a HIT.",
    required: ["navigate", "wait", "capture", "encode"],
    properties: Object.fromEntries(
      ["navigate", "wait", "capture", "encode"].map((name) => [name, { type: "integer", minimum: 0 }]),
    ),
    additionalProperties: false,
  },
  blockedRequests: {
    type: "object",
    description:
      "Requests each enabled blocker stopped, only when one was on: ads (blockAds), cookies (blockCookies), trackers (blockTrackers), chats (blockChats), requests (blockRequests). A request is counted once, by the first blocker that matched (blockRequests, then the lists in that order).",
    properties: Object.fromEntries(
      ["ads", "cookies", "trackers", "chats", "requests"].map((name) => [name, { type: "integer", minimum: 0 }]),
    ),
    additionalProperties: false,
  },
};

/** How the JSON answer names the page: its url, or the hash of the html given instead (D19). */
export const PAGE_SOURCE_FIELDS: Record<string, Schema> = {
  url: { type: "string", format: "uri", description: "The captured URL, normalised (absent for html)." },
  htmlSha256: {
    type: "string",
    pattern: "^[0-9a-f]{64}$",
    description: "For a page given as html: the SHA-256 of the html (hex), in place of url.",
  },
};

/** The `response=json` answer of a capture (D7, D19). */
export const SCREENSHOT_METADATA_SCHEMA: Schema = {
  type: "object",
  required: ["imageUrl", "width", "height", "format", "size", "cachedAt", "expiresAt", "renderTime"],
  properties: {
    ...PAGE_SOURCE_FIELDS,
    ...RENDER_FIELDS,
    width: { type: "integer", description: "Output width in pixels (PDF: page width in CSS px)." },
    height: { type: "integer", description: "Output height in pixels (PDF: page height in CSS px)." },
    format: { type: "string", enum: [...formatsOf("screenshot")] },
    pages: { type: "integer", description: "Number of pages (PDF only)." },
    ...PAGE_FIELDS,
    completeness: COMPLETENESS_SCHEMA,
  },
};

/** The 200 of a page render, GET or POST (a capture, a recording): its formats or its JSON metadata, X-Target-Status included. */
export const pageRenderOk =
  (endpoint: "screenshot" | "animate", metadata: string) =>
  (description: string): Response => ({
    description,
    headers: {
      ...RENDER_HEADERS,
      "X-Target-Status": { $ref: "#/components/headers/XTargetStatus" },
      "X-Target-Blocked": { $ref: "#/components/headers/XTargetBlocked" },
      ...(endpoint === "screenshot"
        ? {
            "X-Capture-Complete": { $ref: "#/components/headers/XCaptureComplete" },
            "X-Capture-Incomplete": { $ref: "#/components/headers/XCaptureIncomplete" },
          }
        : {}),
    },
    content: { ...binaryContent(formatsOf(endpoint)), ...jsonContent(metadata) },
  });

/** The body of POST /v1/screenshot, and the `params` of a screenshot job (D20). */
export const screenshotBodySchema = (): Schema => jsonBodySchema(screenshotParams, SCREENSHOT_BODY_MAX_BYTES);

export function screenshotDoc(appUrl: string): EndpointDoc {
  return {
    tags: [{ name: "Screenshots", description: `Capture a public web page as ${formatLabels("screenshot")}.` }],
    schemas: { ScreenshotMetadata: SCREENSHOT_METADATA_SCHEMA },
    paths: {
      "/v1/screenshot": queryOrBodyPaths({
        operationId: "captureScreenshot",
        tag: "Screenshots",
        docsUrl: `${appUrl}/docs/screenshot`,
        params: screenshotParams,
        bodySchema: screenshotBodySchema(),
        errors: SCREENSHOT_ERROR_CODES,
        ok: pageRenderOk("screenshot", "ScreenshotMetadata"),
        get: {
          summary: "Capture a web page",
          description:
            "Renders `url` in a fresh browser context and returns the image or PDF, or JSON metadata with `response=json`. " +
            "With an API key, or as a signed URL for public HTML (`key_id`, `expires`, `signature`).",
          ok: "The image or PDF (default), or its metadata (`response=json`).",
        },
        post: {
          summary: "Capture a web page or HTML (parameters as a JSON body)",
          description:
            "The same capture as GET, with the parameters as one JSON object instead of a query string, validated by the same schema: a body and a query that say the same thing share one cached result. " +
            "Give `url`, or `html` (the page itself, e.g. an invoice to print with `format=pdf`). Keeps headers, cookies and large inputs out of URLs.",
          ok: "The image or PDF (default), or its metadata (`response=json`; `htmlSha256` instead of `url` for html).",
        },
      }),
    },
  };
}
