/**
 * The part of the capture plan that the D19 options make: what happens on the page before the
 * capture and which part is captured, with the checks that span parameters (400s before plan
 * gates, D2). Pure, like plan.ts.
 */
import { alphaFormats, formatSpec } from "@/lib/formats";
import { ApiError } from "@/lib/api/errors";
import type { ScreenshotParams } from "./params";
import type { WaitUntil } from "./params-page";

export interface PageSteps {
  waitUntil: WaitUntil;
  /** Capture this element only (images). */
  selector?: string;
  /** A CSS selector list whose elements get display: none. */
  hideSelectors?: string;
  click?: string;
  scrollTo?: { selector: string } | { y: number };
  omitBackground: boolean;
  /** Output size after capture; one side alone keeps the aspect ratio. */
  resize?: { width?: number; height?: number };
  /** Stop with 422 target_http_error when the main document answers 4xx/5xx. */
  failOnHttpError: boolean;
  /** Capture a bot challenge, captcha or login wall instead of answering 422 target_blocked (D23). */
  allowBlocked?: boolean;
  /** Answer 422 capture_incomplete instead of a capture its completeness report calls incomplete (D36). */
  requireComplete?: boolean;
}

export function planPageSteps(params: ScreenshotParams): PageSteps {
  if (params.selector !== undefined) {
    const conflict =
      params.format === "pdf"
        ? "format=pdf (a PDF is paginated, not cut to an element)"
        : params.clip
          ? "clip"
          : params.fullPage
            ? "fullPage"
            : undefined;
    if (conflict)
      throw new ApiError(
        "invalid_parameter",
        `selector captures one element and cannot be combined with ${conflict}.`,
        { param: "selector" },
      );
  }
  if (params.omitBackground && !formatSpec(params.format).alpha) {
    throw new ApiError(
      "invalid_parameter",
      `omitBackground needs a format with transparency (${alphaFormats("screenshot")}), not ${params.format}.`,
      { param: "omitBackground" },
    );
  }
  const resized = params.imageWidth !== undefined || params.imageHeight !== undefined;
  if (resized && params.format === "pdf") {
    const param = params.imageWidth !== undefined ? "imageWidth" : "imageHeight";
    throw new ApiError("invalid_parameter", `${param} resizes images; it has no meaning for format=pdf.`, { param });
  }
  const scrollTo =
    params.scrollTo === undefined
      ? undefined
      : /^\d+$/.test(params.scrollTo)
        ? { y: Number(params.scrollTo) }
        : { selector: params.scrollTo };
  return {
    waitUntil: params.waitUntil,
    selector: params.selector,
    hideSelectors: params.hideSelectors,
    click: params.click,
    scrollTo,
    omitBackground: params.omitBackground,
    resize: resized ? { width: params.imageWidth, height: params.imageHeight } : undefined,
    failOnHttpError: params.failOnHttpError,
    allowBlocked: params.allowBlocked,
    requireComplete: params.requireComplete,
  };
}
