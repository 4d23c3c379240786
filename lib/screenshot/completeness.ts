/**
 * The completeness report every capture carries (D36): whether a whole-page capture reached the
 * bottom, the images and fonts loaded and still pending, the requests open at capture time,
 * whether the DOM was still changing, and the waits the capture used. `complete` is false with
 * the reasons when any of them says part of the page may be missing; requireComplete=true turns
 * that into 422 capture_incomplete, which is not charged.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import type { PageState } from "./completeness-page";
import { type Completeness, DOM_QUIET_MS, type IncompleteReason } from "./completeness-schema";
import type { HeightLimit } from "./plan";

/** A whole page's extent: its height and how much of it the capture holds. */
export interface PageExtent {
  pageHeight: number;
  capturedHeight: number;
  limit: { height: number; by: HeightLimit };
}

/** What the state alone says is missing (the page's height aside). */
export function stateReasons(state: PageState): IncompleteReason[] {
  const reasons: IncompleteReason[] = [];
  if (state.images.pending > 0) reasons.push("images_pending");
  if (state.fonts.pending > 0) reasons.push("fonts_pending");
  if (state.openRequests.rendering > 0) reasons.push("requests_open");
  if (typeof state.lastChangeMsAgo === "number" && state.lastChangeMsAgo < DOM_QUIET_MS) reasons.push("dom_changing");
  return reasons;
}

export function judgeCompleteness(
  state: PageState,
  extent: PageExtent | undefined,
  waits: Completeness["waits"],
): Completeness {
  const reachedBottom = extent ? extent.capturedHeight >= extent.pageHeight : null;
  const reasons: IncompleteReason[] = [
    ...(reachedBottom === false ? ["height_limit" as const] : []),
    ...stateReasons(state),
  ];
  const lastChangeMsAgo = state.lastChangeMsAgo ?? null;
  return {
    complete: reasons.length === 0,
    reasons,
    reachedBottom,
    ...(extent
      ? { pageHeight: extent.pageHeight, capturedHeight: extent.capturedHeight, heightLimit: extent.limit }
      : {}),
    images: state.images,
    fonts: state.fonts,
    openRequests: state.openRequests,
    dom: {
      changing: state.lastChangeMsAgo === undefined ? null : lastChangeMsAgo !== null && lastChangeMsAgo < DOM_QUIET_MS,
      lastChangeMsAgo,
    },
    waits,
  };
}

/** The headers every capture carries: X-Capture-Complete, and X-Capture-Incomplete naming the reasons. */
export function completenessHeaders(report: Pick<Completeness, "complete" | "reasons">): Record<string, string> {
  return {
    "X-Capture-Complete": String(report.complete),
    ...(report.complete ? {} : { "X-Capture-Incomplete": report.reasons.join(", ") }),
  };
}

const REASON_WORDS: Record<IncompleteReason, string> = {
  height_limit: "the page is taller than the height captured",
  images_pending: "images were still loading",
  fonts_pending: "fonts were still loading",
  requests_open: "requests were still open",
  dom_changing: "the page was still changing",
};

/** requireComplete=true (D36): an incomplete capture is this 422, not charged and not stored. */
export function captureIncompleteError(report: Completeness): ApiError {
  const height =
    report.reasons.includes("height_limit") && report.heightLimit
      ? ` The page is ${report.pageHeight} CSS px high; at most ${report.heightLimit.height} are captured here (limited by the ${report.heightLimit.by === "plan" ? "plan" : report.heightLimit.by === "format" ? "format's size limit" : "pixel budget, width × deviceScale²"}).`
      : "";
  return new ApiError(
    "capture_incomplete",
    `The capture was not complete: ${report.reasons.map((reason) => REASON_WORDS[reason]).join("; ")}.${height} Nothing was counted against your renders; capture again with a longer wait (waitUntil=networkidle0, delay), or without requireComplete to get the capture with its completeness report.`,
    { headers: completenessHeaders(report) },
  );
}
