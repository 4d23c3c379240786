/**
 * Turns validated query parameters into one explicit capture plan: the device preset merged with
 * explicit values (D8), PDF page geometry, the fullPage cap (D10) and the checks that span more
 * than one parameter. Pure, so it is unit-tested without a browser.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { formatSpec } from "@/lib/formats";
import { DEVICE_PRESETS } from "./devices";
import { pageInput } from "./plan-input";
import type { PdfPageSize, PdfStandard, ScreenshotFormat, ScreenshotParams } from "./params";
import { FULL_PAGE_MAX_HEIGHT, type PagePlan } from "@/lib/page/page-plan";
import { planPageSteps } from "./plan-page";

/** Keeps a single capture's bitmap within what Chromium can allocate (~400 MB of RGBA). */
const MAX_CAPTURE_PIXELS = 100_000_000;
/**
 * A stitched full page's output pixels at most (D36): 2^28, what sharp accepts as one image by
 * default, so a Business page of 100,000 CSS px fits at 1280 px wide and deviceScale 1.
 */
export const MAX_FULL_PAGE_PIXELS = 268_435_456;

const MM_PER_INCH = 25.4;
const CSS_PX_PER_INCH = 96;

/** Paper sizes in inches (portrait). */
const PAGE_SIZES_IN: Record<PdfPageSize, { width: number; height: number }> = {
  letter: { width: 8.5, height: 11 },
  legal: { width: 8.5, height: 14 },
  tabloid: { width: 11, height: 17 },
  a3: { width: 297 / MM_PER_INCH, height: 420 / MM_PER_INCH },
  a4: { width: 210 / MM_PER_INCH, height: 297 / MM_PER_INCH },
  a5: { width: 148 / MM_PER_INCH, height: 210 / MM_PER_INCH },
};

export interface PdfPlan {
  /** Paper in CSS px (landscape applied); for fullPage, decided after the page is measured. */
  paper: { width: number; height: number } | "fit-content";
  landscape: boolean;
  /** Margins in millimetres. */
  margin: { top: number; right: number; bottom: number; left: number };
  headerTemplate?: string;
  footerTemplate?: string;
  printBackground: boolean;
  scale: number;
  /** Bookmarks from the page's headings (Chromium's outline of a tagged PDF). */
  outline: boolean;
  /** The caller's `locale`: the PDF's language when the page declares none (pdf-language.ts). */
  locale?: string;
  /** An archival standard the printed PDF is converted to (pdfa.ts); undefined keeps Chromium's. */
  standard?: Exclude<PdfStandard, "none">;
}

export interface CapturePlan extends PagePlan {
  format: ScreenshotFormat;
  /** Only for jpg and webp. */
  quality?: number;
  fullPage: boolean;
  clip?: { x: number; y: number; width: number; height: number };
  timeoutMs: number;
  pdf?: PdfPlan;
  /**
   * A selector list whose elements' boxes the capture reports as `ignoredRegions`: set by a
   * comparison (/v1/diff, monitors, D27), never by /v1/screenshot's own parameters.
   */
  ignoreSelectors?: string;
}

/** Header/footer need room; when none is given, this much is kept free for them (mm). */
const HEADER_FOOTER_MARGIN_MM = 15;

export function planCapture(params: ScreenshotParams, given: ReadonlySet<string>): CapturePlan {
  const preset = params.device ? DEVICE_PRESETS[params.device] : undefined;
  const pick = <K extends "width" | "height" | "deviceScale">(name: K): number =>
    preset && !given.has(name) ? preset[name] : params[name];

  const { format } = params;
  const scale = pick("deviceScale");
  const clip = params.clip && format !== "pdf" ? clipOf(params.clip, scale, format) : undefined;

  return {
    ...pageInput(params),
    format,
    quality: formatSpec(format).lossy ? params.quality : undefined,
    viewport: {
      width: pick("width"),
      height: pick("height"),
      deviceScaleFactor: scale,
      isMobile: preset?.isMobile ?? false,
      hasTouch: preset?.hasTouch ?? false,
    },
    userAgent: params.userAgent ?? preset?.userAgent,
    fullPage: params.fullPage,
    // A PDF is paginated by paper size; a pixel rectangle has no meaning there (ignored).
    clip,
    delayMs: params.delay,
    timeoutMs: params.timeout,
    waitForSelector: params.waitForSelector,
    blockAds: params.blockAds,
    blockCookies: params.blockCookies,
    blockTrackers: params.blockTrackers,
    blockChats: params.blockChats,
    blockRequests: params.blockRequests,
    darkMode: params.darkMode,
    customCSS: params.customCSS,
    customJS: params.customJS,
    pdf: format === "pdf" ? pdfPlan(params) : undefined,
    request: {
      headers: params.headers,
      cookies: params.cookies,
      locale: params.locale,
      timezone: params.timezone,
      reducedMotion: params.reducedMotion,
      mediaType: params.mediaType,
      proxy: params.proxy,
    },
    ...planPageSteps(params),
  };
}

function clipOf([x, y, width, height]: number[], scale: number, format: ScreenshotFormat): CapturePlan["clip"] {
  const out = (detail: string) => new ApiError("parameter_out_of_range", detail, { param: "clip" });
  if (width < 1 || height < 1) throw out("clip width and height must be at least 1.");
  if (width * height * scale * scale > MAX_CAPTURE_PIXELS) {
    throw out(
      `clip is too large: width × height × deviceScale² must stay under ${MAX_CAPTURE_PIXELS.toLocaleString("en-US")} pixels.`,
    );
  }
  const { maxDimension } = formatSpec(format);
  if (maxDimension !== undefined && Math.max(width, height) * scale > maxDimension) {
    throw out(`${format} images are at most ${maxDimension} pixels wide or high; use png or jpg for a larger clip.`);
  }
  return { x, y, width, height };
}

function pdfPlan(params: ScreenshotParams): PdfPlan {
  const paperIn = PAGE_SIZES_IN[params.pageSize];
  const landscape = params.landscape;
  const [top, right, bottom, left] = params.margin ?? [
    params.headerTemplate ? HEADER_FOOTER_MARGIN_MM : 0,
    0,
    params.footerTemplate ? HEADER_FOOTER_MARGIN_MM : 0,
    0,
  ];
  const width = Math.round((landscape ? paperIn.height : paperIn.width) * CSS_PX_PER_INCH);
  const height = Math.round((landscape ? paperIn.width : paperIn.height) * CSS_PX_PER_INCH);
  return {
    paper: params.fullPage ? "fit-content" : { width, height },
    landscape,
    margin: { top, right, bottom, left },
    headerTemplate: params.headerTemplate,
    footerTemplate: params.footerTemplate,
    printBackground: params.printBackground,
    scale: params.scale,
    outline: params.outline,
    locale: params.locale,
    standard: params.pdfStandard === "none" ? undefined : params.pdfStandard,
  };
}

/** What stops a fullPage capture (D36): the plan's height, the format's size limit, or the pixel budget. */
export type HeightLimit = "plan" | "format" | "pixels";

/** The tallest fullPage capture in CSS px at this plan, format, width and pixel ratio, and what sets it. */
export function fullPageLimit(plan: Pick<CapturePlan, "format" | "viewport" | "fullPageMaxHeight">): {
  height: number;
  by: HeightLimit;
} {
  const { width, deviceScaleFactor: scale } = plan.viewport;
  let limit: { height: number; by: HeightLimit } = {
    height: plan.fullPageMaxHeight ?? FULL_PAGE_MAX_HEIGHT,
    by: "plan",
  };
  const { maxDimension } = formatSpec(plan.format);
  if (maxDimension !== undefined && Math.floor(maxDimension / scale) < limit.height)
    limit = { height: Math.floor(maxDimension / scale), by: "format" };
  const byPixels = Math.floor(MAX_FULL_PAGE_PIXELS / (width * scale * scale));
  if (byPixels < limit.height) limit = { height: byPixels, by: "pixels" };
  return { height: Math.max(1, limit.height), by: limit.by };
}

/**
 * Height in CSS px that a fullPage capture takes: the page's height within the plan's cap (D10,
 * D36), and within what the encoder and the pixel budget allow at this width and pixel ratio.
 */
export function fullPageHeight(
  pageHeight: number,
  plan: Pick<CapturePlan, "format" | "viewport" | "fullPageMaxHeight">,
): number {
  return Math.max(1, Math.min(Math.ceil(pageHeight), fullPageLimit(plan).height));
}

export function mmToCssPx(mm: number): number {
  return (mm / MM_PER_INCH) * CSS_PX_PER_INCH;
}
