/**
 * The screenshot's cache key parameters (D6): the parameters as they will be rendered, read
 * through the schema's metadata by cacheKeyParams. Two adjustments, both so that requests that
 * render alike share a key and requests that render differently never do:
 * - a device preset's width/height/deviceScale replace the defaults it overrides (D8);
 * - an option added after the first release (D19) that is at its default is left out, so the
 *   keys of results cached before it existed stay the same: a deploy costs no one a re-render.
 */
import { cacheKeyParams } from "@/lib/results/key";
import { paramDoc } from "@/lib/api/params";
import { screenshotParams, type ScreenshotParams } from "./params";
import { blockingParams } from "@/lib/page/params-blocking";
import { pageParams } from "@/lib/page/params-page";
import { requestShapingParams } from "@/lib/page/params-request";
import type { CapturePlan } from "./plan";

/** Fields added after the customer's list; keyed only when set to something other than their default. */
const ADDED_FIELDS: readonly string[] = [
  "outline",
  "pdfStandard",
  ...Object.keys(pageParams),
  ...Object.keys(requestShapingParams),
  ...Object.keys(blockingParams),
];

export function screenshotKeyParams(
  params: ScreenshotParams,
  plan: Pick<CapturePlan, "viewport">,
): Record<string, unknown> {
  const rendered: Record<string, unknown> = {
    ...params,
    width: plan.viewport.width,
    height: plan.viewport.height,
    deviceScale: plan.viewport.deviceScaleFactor,
  };
  for (const name of ADDED_FIELDS) {
    if (rendered[name] === paramDoc(screenshotParams, name).default) delete rendered[name];
  }
  return cacheKeyParams(screenshotParams, rendered);
}
