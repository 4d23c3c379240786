/**
 * Taking the image itself (D19 split it from capture.ts): the viewport, a clip, the full page
 * (in tiles when it is taller than Chromium captures at once, tiles.ts, D36) or one element
 * (`selector`), with or without the browser's white background.
 */
import "server-only";
import type { Page, ScreenshotOptions } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";
import { SCREENSHOT_ENCODINGS, type ImageFormat } from "./encode";
import { findElement } from "@/lib/page/interactions";
import { documentHeight } from "@/lib/page/page-scripts";
import { type CapturePlan, fullPageHeight } from "./plan";
import { shootTiles } from "./tiles";

/** A full page's height as measured before its capture, and the CSS height captured (D36). */
interface FullPageExtent {
  pageHeight: number;
  capturedHeight: number;
}

export interface Shot {
  bytes: Buffer;
  /** Only for fullPage. */
  extent?: FullPageExtent;
}

/** The screenshot's bytes in the plan's format, or PNG when a resize will encode it (encode.ts). */
export async function shootImage(page: Page, plan: CapturePlan, deadline: Deadline): Promise<Shot> {
  const format = plan.format as ImageFormat;
  // A capture that will be resized is taken lossless and encoded once, by the resize (encode.ts).
  const captureType = plan.resize ? "png" : SCREENSHOT_ENCODINGS[format].capture;
  const options: ScreenshotOptions = {
    type: captureType,
    quality: captureType === "png" ? undefined : plan.quality,
    optimizeForSpeed: true,
    captureBeyondViewport: false,
    omitBackground: plan.omitBackground,
  };
  if (plan.selector) return { bytes: await captureElement(page, plan.selector, options, deadline) };
  if (plan.fullPage) {
    const pageHeight = Math.ceil(await deadline.race(documentHeight(page)));
    const capturedHeight = fullPageHeight(pageHeight, plan);
    const { width, deviceScaleFactor: scale } = plan.viewport;
    const bytes = await shootTiles(
      page,
      { width, height: capturedHeight, scale, omitBackground: plan.omitBackground },
      { format, quality: plan.quality, lossless: captureType === "png" },
      deadline,
    );
    return { bytes, extent: { pageHeight, capturedHeight } };
  }
  if (plan.clip) {
    options.clip = plan.clip;
    options.captureBeyondViewport = true;
  }
  return { bytes: Buffer.from(await deadline.race(page.screenshot(options))) };
}

/** One element's box, scrolled into view first; an element without a box is the caller's 400. */
async function captureElement(
  page: Page,
  selector: string,
  options: ScreenshotOptions,
  deadline: Deadline,
): Promise<Buffer> {
  const element = await findElement(page, selector, "selector", deadline);
  const box = await deadline.race(element.boundingBox());
  if (!box || box.width < 1 || box.height < 1) {
    throw new ApiError(
      "invalid_parameter",
      "selector matched an element that has no visible box (hidden or zero-size).",
      { param: "selector" },
    );
  }
  await deadline.race(element.scrollIntoView());
  return Buffer.from(await deadline.race(element.screenshot({ ...options, captureBeyondViewport: true })));
}
