/**
 * The capture options of a comparison (D27): /v1/screenshot's own fields (D19), less what has no
 * meaning when two images are compared pixel by pixel — the output format and quality (captures are
 * always PNG: a lossy format would be a change everywhere), PDF options, html (a comparison is of
 * pages at a URL), `response` and the signed-URL fields. The same schema fields, so their ranges,
 * plan gates, descriptions and secrets are the screenshot's, written once.
 */
import { parseQuery } from "@/lib/api/query";
import { screenshotParams, type ScreenshotParams } from "@/lib/screenshot/params";
import { type CapturePlan, planCapture } from "@/lib/screenshot/plan";

export const captureOptionParams = screenshotParams.omit({
  url: true,
  html: true,
  format: true,
  quality: true,
  response: true,
  api_key: true,
  key_id: true,
  expires: true,
  signature: true,
  pageSize: true,
  landscape: true,
  margin: true,
  headerTemplate: true,
  footerTemplate: true,
  printBackground: true,
  scale: true,
}).shape;

export const CAPTURE_OPTION_NAMES = Object.keys(captureOptionParams) as Array<keyof typeof captureOptionParams>;

/** Every screenshot parameter at its default: the fields a comparison leaves out keep these. */
let defaults: ScreenshotParams | undefined;
function screenshotDefaults(): ScreenshotParams {
  defaults ??= parseQuery(new URLSearchParams(), screenshotParams, { extras: "reject" }).params;
  return defaults;
}

/** A comparison's capture as a screenshot request: its parameters and the plan /v1/screenshot would make of them. */
export interface ComparisonCapture {
  params: ScreenshotParams;
  plan: CapturePlan;
}

/**
 * Plans the capture of `url` with the comparison's options (the screenshot's 400s included), as a
 * PNG that reports where the ignoreSelectors elements are.
 */
export function planComparisonCapture(
  url: string,
  options: Partial<Record<(typeof CAPTURE_OPTION_NAMES)[number], unknown>>,
  given: ReadonlySet<string>,
  ignoreSelectors: string | undefined,
): ComparisonCapture {
  const params = { ...screenshotDefaults() } as Record<string, unknown>;
  for (const name of CAPTURE_OPTION_NAMES) if (options[name] !== undefined) params[name] = options[name];
  params.url = url;
  params.format = "png";
  const screenshot = params as ScreenshotParams;
  const plan = planCapture(screenshot, given);
  return { params: screenshot, plan: ignoreSelectors ? { ...plan, ignoreSelectors } : plan };
}
