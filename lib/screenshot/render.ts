/**
 * A screenshot render: a fresh page from lib/browser and the capture on it.
 */
import "server-only";
import { type Deadline, withPage } from "@/lib/browser";
import type { RenderOutput } from "@/lib/results";
import { capture } from "./capture";
import { completenessHeaders } from "./completeness";
import { pageOutcome } from "@/lib/page/page-outcome";
import type { CapturePlan } from "./plan";
import type { ScreenshotMetadata } from "./schema";

/**
 * `account`: whose render it is, for fair sharing of the render slots (D17); `background`: a sample
 * this server makes of itself, which yields the slots to requests (D22).
 */
export async function renderScreenshot(
  plan: CapturePlan,
  deadline: Deadline,
  account?: string,
  options: { background?: boolean } = {},
): Promise<RenderOutput> {
  const output = await withPage(deadline, (session) => capture(session, plan), {
    account,
    proxy: plan.request.proxy,
    background: options.background,
  });
  const page = pageOutcome(output);
  return {
    bytes: output.bytes,
    width: output.width,
    height: output.height,
    ...(output.pages !== undefined ? { pages: output.pages } : {}),
    ...page,
    // D36: every capture says how complete it is, in the JSON metadata and in headers.
    headers: { ...page.headers, ...completenessHeaders(output.completeness) },
    details: {
      ...page.details,
      completeness: output.completeness satisfies ScreenshotMetadata["completeness"],
      // Where a comparison's ignoreSelectors are in the image (D27).
      ...(output.ignoredRegions ? { ignoredRegions: output.ignoredRegions } : {}),
    },
  };
}
