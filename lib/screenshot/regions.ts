/**
 * Where the elements of a selector list are in the captured image (D27): the regions a comparison
 * leaves out (ignoreSelectors of /v1/diff and monitors). Read just before the image is taken, in
 * document CSS pixels, and mapped into the image's pixels: the capture's origin (the viewport's
 * scroll position, a clip's corner, a selector capture's element, 0,0 for a full page) is
 * subtracted and the image's own scale (deviceScale, a resize) applied, clamped to the image.
 */
import "server-only";
import type { Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import type { Deadline } from "@/lib/browser";
import { elementBoxes, isValidSelector } from "@/lib/page/page-scripts";
import type { CapturePlan } from "./plan";

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Enough for any sensible list of banners, clocks and ads; a page cannot make the answer huge. */
const MAX_REGIONS = 200;

/** The ignored elements' boxes and the captured rectangle, both in document CSS px. */
export interface RegionsInDocument {
  boxes: Region[];
  captured: Region;
}

export async function readRegions(
  page: Page,
  plan: CapturePlan,
  selectors: string,
  deadline: Deadline,
): Promise<RegionsInDocument> {
  if (!(await deadline.race(isValidSelector(page, selectors)))) {
    throw new ApiError("invalid_parameter", "ignoreSelectors is not a valid CSS selector list.", {
      param: "ignoreSelectors",
    });
  }
  const found = await deadline.race(elementBoxes(page, selectors, MAX_REGIONS));
  const { width, height } = plan.viewport;
  let captured: Region = { x: found.scrollX, y: found.scrollY, width, height };
  if (plan.fullPage) captured = { x: 0, y: 0, width, height: Number.POSITIVE_INFINITY };
  if (plan.clip) captured = plan.clip;
  if (plan.selector) {
    const element = (await deadline.race(elementBoxes(page, plan.selector, 1))).boxes[0];
    if (element) captured = element;
  }
  return { boxes: found.boxes, captured };
}

/** The regions in the pixels of an image `imageWidth` wide that shows `captured`. */
export function regionsInImage(found: RegionsInDocument, imageWidth: number, imageHeight: number): Region[] {
  const scale = imageWidth / found.captured.width;
  const out: Region[] = [];
  for (const box of found.boxes) {
    const x0 = Math.max(0, Math.floor((box.x - found.captured.x) * scale));
    const y0 = Math.max(0, Math.floor((box.y - found.captured.y) * scale));
    const x1 = Math.min(imageWidth, Math.ceil((box.x + box.width - found.captured.x) * scale));
    const y1 = Math.min(imageHeight, Math.ceil((box.y + box.height - found.captured.y) * scale));
    if (x1 > x0 && y1 > y0) out.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return out;
}
