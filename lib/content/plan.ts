/**
 * The content render a request asks for (D24): the page is loaded as a capture plans it
 * (lib/screenshot/plan.ts: device, viewport, request shaping, the caller's steps), and read as
 * the content's own fields say. Pure, like the capture plan; its checks are 400s before plan
 * gates (D2).
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { parseQuery } from "@/lib/api/query";
import { screenshotParams, type ScreenshotParams } from "@/lib/screenshot/params";
import { type CapturePlan, planCapture } from "@/lib/screenshot/plan";
import type { ContentFormat, ContentParams } from "./params";

export interface ContentPlan extends CapturePlan {
  formats: ContentFormat[];
  onlyMainContent: boolean;
  scroll: boolean;
  /** The answer asked for by `response`; Accept: text/markdown is read by the handler. */
  response: "json" | "markdown";
}

let captureDefaults: ScreenshotParams | undefined;

/** The screenshot schema's defaults for the capture options the content endpoint does not take. */
function defaults(): ScreenshotParams {
  captureDefaults ??= parseQuery(new URLSearchParams(), screenshotParams, { extras: "reject" }).params;
  return captureDefaults;
}

export function planContent(params: ContentParams, given: ReadonlySet<string>): ContentPlan {
  if (params.response === "markdown" && (params.formats.length !== 1 || params.formats[0] !== "markdown")) {
    throw new ApiError(
      "invalid_parameter",
      "response=markdown answers the Markdown itself, so formats must be markdown alone; use response=json for several formats.",
      { param: "response" },
    );
  }
  const { formats, onlyMainContent, scroll, response, ...pageOptions } = params;
  // Loaded like a viewport PNG capture: the screenshot format and the palette are of the viewport.
  const capture = planCapture({ ...defaults(), ...pageOptions, format: "png", fullPage: false }, given);
  return { ...capture, formats, onlyMainContent, scroll, response };
}
