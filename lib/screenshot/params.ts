/**
 * The one schema of GET /v1/screenshot. Ranges, defaults, plan gates and descriptions live here
 * and nowhere else (see lib/api/params.ts for what reads them).
 */
import { z } from "zod";
import { boolParam, enumParam, intParam, numberListParam, numberParam, stringParam, urlParam } from "@/lib/api/params";
import { apiKeyParam, responseParam, signedUrlParams } from "@/lib/api/common-params";
import { formatParam } from "@/lib/api/format-param";
import type { FormatOf } from "@/lib/formats";
import { PLANS } from "@/lib/plans";
import { PRIVATE_TARGET_DETAIL, isEvidentlyPrivateTarget } from "@/lib/net/target";
import { blockingParams } from "@/lib/page/params-blocking";
import { inputParams } from "./params-input";
import { requestShapingParams } from "@/lib/page/params-request";
import { pageParams } from "@/lib/page/params-page";

const DEVICE_PRESET_NAMES = ["iphone-15", "ipad-pro", "pixel-8", "galaxy-s24"] as const;
const PDF_PAGE_SIZES = ["a4", "letter", "legal", "tabloid", "a3", "a5"] as const;
const PDF_STANDARDS = ["none", "pdfa-2b"] as const;

export const screenshotParams = z.object({
  url: urlParam("url", {
    required: false,
    maxLength: 2048,
    description:
      "The public http or https page to capture; required unless html is given. Private and internal addresses are refused.",
    example: "https://example.com",
    // Hosts that are private on their face are a 400 with the other parameter errors (D2: before
    // plan gates and the rate limit); names are resolved and checked when a render starts (D9).
    refuse: (url) =>
      isEvidentlyPrivateTarget(url) ? { code: "private_address", message: PRIVATE_TARGET_DETAIL } : null,
  }),
  ...inputParams,
  format: formatParam("screenshot", {
    default: "png",
    description: "Output format. `jpeg` is accepted as an alias of `jpg`.",
  }),
  width: intParam("width", { min: 1, max: 3840, default: 1280, description: "Viewport width in CSS pixels." }),
  height: intParam("height", {
    min: 1,
    max: 3840,
    default: 800,
    description: "Viewport height in CSS pixels; ignored when fullPage=true.",
  }),
  quality: intParam("quality", {
    min: 1,
    max: 100,
    default: 80,
    description: "JPEG/WebP compression quality; no effect on png or pdf.",
  }),
  deviceScale: numberParam("deviceScale", {
    min: 1,
    max: 3,
    default: 1,
    description: "Device pixel ratio; the image is width×deviceScale by height×deviceScale pixels.",
  }),
  delay: intParam("delay", {
    min: 0,
    max: 10_000,
    default: 0,
    description: "Milliseconds to wait after the page has loaded.",
  }),
  timeout: intParam("timeout", {
    min: 1,
    max: 60_000,
    default: 30_000,
    cacheKey: false,
    description: "Milliseconds the whole request may take; past it the answer is 504 render_timeout.",
  }),
  fullPage: boolParam("fullPage", {
    default: false,
    description: `Capture the whole scrollable page, up to your plan's full-page height (${PLANS.free.fullPageMaxHeight.toLocaleString("en-US")} CSS px on Free, ${PLANS.business.fullPageMaxHeight.toLocaleString("en-US")} on Business; WebP stops at 16,383 px, JPEG at 65,535); lazy content is scrolled into view first. A taller page is cut there and reported incomplete (X-Capture-Complete: false, height_limit). With format=pdf, the page is printed on sheets as wide as the viewport and up to 16,384 CSS px high.`,
  }),
  waitForSelector: stringParam("waitForSelector", {
    maxLength: 512,
    description: "CSS selector to wait for before capturing.",
    example: "#content",
  }),
  clip: numberListParam("clip", {
    count: 4,
    integers: true,
    min: 0,
    max: 16_384,
    pattern: "x,y,w,h",
    description:
      "Capture only this rectangle, in CSS pixels from the top-left of the page: x,y,width,height. Images only (ignored for pdf).",
    example: "0,0,600,400",
  }),
  blockCookies: boolParam("blockCookies", {
    default: false,
    plan: "starter",
    description:
      'Remove cookie-consent banners: known consent managers are answered with "reject" where they offer it, and their scripts blocked.',
  }),
  blockAds: boolParam("blockAds", {
    default: false,
    plan: "starter",
    description: "Block requests to ad networks and hide common ad containers.",
  }),
  darkMode: boolParam("darkMode", {
    default: false,
    plan: "starter",
    description: "Emulate prefers-color-scheme: dark. Pages without a dark style look unchanged.",
  }),
  device: enumParam("device", {
    values: DEVICE_PRESET_NAMES,
    plan: "pro",
    description:
      "Emulate a device: viewport, pixel ratio, touch and user agent. Explicit width, height and deviceScale override it.",
  }),
  customCSS: stringParam("customCSS", { maxLength: 20_000, plan: "pro", description: "CSS injected before capture." }),
  customJS: stringParam("customJS", {
    maxLength: 20_000,
    plan: "pro",
    description:
      "JavaScript run in the page before capture (top-level await allowed). An error it throws is a 400 naming the error.",
  }),
  ...requestShapingParams,
  ...pageParams,
  ...blockingParams,
  response: responseParam(),
  api_key: apiKeyParam(),
  ...signedUrlParams(),

  pageSize: enumParam("pageSize", {
    values: PDF_PAGE_SIZES,
    default: "letter",
    plan: "starter",
    pdfOnly: true,
    description: "PDF page size.",
  }),
  landscape: boolParam("landscape", {
    default: false,
    plan: "starter",
    pdfOnly: true,
    description: "Landscape orientation.",
  }),
  margin: numberListParam("margin", {
    count: 4,
    integers: false,
    min: 0,
    max: 200,
    pattern: "top,right,bottom,left",
    plan: "starter",
    pdfOnly: true,
    description:
      "Page margins in millimetres: top,right,bottom,left. Default 0, with 15 mm kept for a header or footer template.",
    example: "10,10,10,10",
  }),
  headerTemplate: stringParam("headerTemplate", {
    maxLength: 10_000,
    plan: "starter",
    pdfOnly: true,
    description:
      "HTML for the page header; elements with class pageNumber, totalPages, date, title or url are filled in. Style it inline (e.g. font-size: 10px) or in a <style> element: a template loads nothing, and one that links a stylesheet (<link>, @import) is a 400.",
  }),
  footerTemplate: stringParam("footerTemplate", {
    maxLength: 10_000,
    plan: "starter",
    pdfOnly: true,
    description: "HTML for the page footer (same placeholders as headerTemplate).",
  }),
  printBackground: boolParam("printBackground", {
    default: true,
    plan: "starter",
    pdfOnly: true,
    description: "Print background colours and images.",
  }),
  scale: numberParam("scale", {
    min: 0.1,
    max: 2,
    default: 1,
    plan: "starter",
    pdfOnly: true,
    description: "PDF render scale.",
  }),
  outline: boolParam("outline", {
    default: true,
    plan: "starter",
    pdfOnly: true,
    description:
      "Add a document outline (bookmarks) built from the page's headings, h1 to h6. PDFs are always tagged for screen readers; false drops only the outline.",
  }),
  pdfStandard: enumParam("pdfStandard", {
    values: PDF_STANDARDS,
    default: "none",
    plan: "starter",
    valuePlans: { "pdfa-2b": "pro" },
    pdfOnly: true,
    description:
      "`pdfa-2b` converts the PDF to PDF/A-2b for archiving (fonts embedded, sRGB output intent, XMP identification) with Ghostscript. PDF/A-2b is visual conformance: the converted file keeps the outline and the language, not the tags or the title.",
  }),
});

export type ScreenshotParams = z.output<typeof screenshotParams>;
export type ScreenshotFormat = FormatOf<"screenshot">;
export type DevicePresetName = (typeof DEVICE_PRESET_NAMES)[number];
export type PdfPageSize = (typeof PDF_PAGE_SIZES)[number];
export type PdfStandard = (typeof PDF_STANDARDS)[number];
