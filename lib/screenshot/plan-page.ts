/**
 * The part of the capture plan that the D19 options make: what happens on the page before the
 * capture and which part is captured, with the checks that span parameters (400s before plan
 * gates, D2). Pure, like plan.ts.
 */
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
}

export function planPageSteps(params: ScreenshotParams): PageSteps {
  if (params.selector !== undefined) {
    const conflict = params.format === "pdf" ? "format=pdf (a PDF is paginated, not cut to an element)" : params.clip ? "clip" : params.fullPage ? "fullPage" : undefined;
    if (conflict) throw new ApiError("invalid_parameter", `selector captures one element and cannot be combined with ${conflict}.`, { param: "selector" });
  }
  const scrollTo = params.scrollTo === undefined ? undefined : /^\d+$/.test(params.scrollTo) ? { y: Number(params.scrollTo) } : { selector: params.scrollTo };
  return {
    waitUntil: params.waitUntil,
    selector: params.selector,
    hideSelectors: params.hideSelectors,
    click: params.click,
    scrollTo,
  };
}
