/**
 * Taking the image itself (D19 split it from capture.ts): the viewport, a clip, the full page or
 * one element (`selector`), with or without the browser's white background.
 */
import "server-only";
import type { Page, ScreenshotOptions } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";
import { SCREENSHOT_ENCODINGS, type ImageFormat } from "./encode";
import { findElement } from "@/lib/page/interactions";
import { documentHeight } from "@/lib/page/page-scripts";
import { type CapturePlan, fullPageHeight } from "./plan";

/** The screenshot's bytes in the plan's format, or PNG when a resize will encode it (encode.ts). */
export async function shootImage(page: Page, plan: CapturePlan, deadline: Deadline): Promise<Buffer> {
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
  if (plan.selector) return captureElement(page, plan.selector, options, deadline);
  if (plan.clip) {
    options.clip = plan.clip;
    options.captureBeyondViewport = true;
  } else if (plan.fullPage) {
    const height = fullPageHeight(await documentHeight(page), plan);
    options.clip = { x: 0, y: 0, width: plan.viewport.width, height };
    options.captureBeyondViewport = true;
  }
  return Buffer.from(await deadline.race(page.screenshot(options)));
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
