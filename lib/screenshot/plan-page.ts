/**
 * The part of the capture plan that the D19 options make: what happens on the page before the
 * capture and which part is captured, with the checks that span parameters (400s before plan
 * gates, D2). Pure, like plan.ts.
 */
import { alphaFormats, formatSpec } from "@/lib/formats";
import { ApiError } from "@/lib/vocabulary/errors";
import type { ScreenshotParams } from "./params";
import type { PageSteps } from "@/lib/page/page-plan";

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
