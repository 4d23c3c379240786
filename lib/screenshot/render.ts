/**
 * A screenshot render: a fresh page from lib/browser and the capture on it.
 */
import "server-only";
import { type Deadline, withPage } from "@/lib/browser";
import type { RenderOutput } from "@/lib/results";
import { capture } from "./capture";
import { completenessHeaders } from "./completeness";
import type { PageFacts } from "./page-facts";
import type { PageRun } from "./page-load";
import type { CapturePlan } from "./plan";

/** How long a captured error page (the target answered 4xx/5xx) stays cached at most (D19). */
const ERROR_PAGE_TTL_SECONDS = 300;

/**
 * What every render of a page reports (a screenshot, a recording, D26): its facts, dialogs and
 * blocked requests as JSON details; X-Target-Status, and a short life for a captured error page.
 */
export function pageOutcome(
  output: Omit<PageRun<unknown>, "output"> & { facts: PageFacts },
): Required<Pick<RenderOutput, "details">> & Pick<RenderOutput, "headers" | "maxTtlSeconds"> {
  const { targetStatus: status, blocked } = output.facts;
  return {
    details: {
      ...output.facts,
      ...output.dialogs,
      ...(output.blockedRequests ? { blockedRequests: output.blockedRequests } : {}),
    },
    ...(status !== null || blocked
      ? {
          headers: {
            ...(status !== null ? { "X-Target-Status": String(status) } : {}),
            // D23: a challenge, captcha or login wall captured with allowBlocked=true, or a captured error page.
            ...(blocked ? { "X-Target-Blocked": blocked.kind } : {}),
          },
        }
      : {}),
    // Only reached with failOnHttpError=false: the error page was asked for, but is not kept for long.
    // A blocked page (allowBlocked=true) likewise: the next visit may well get through.
    ...((status !== null && status >= 400) || blocked ? { maxTtlSeconds: ERROR_PAGE_TTL_SECONDS } : {}),
  };
}

/** `account`: whose render it is, for fair sharing of the render slots (D17). */
export async function renderScreenshot(plan: CapturePlan, deadline: Deadline, account?: string): Promise<RenderOutput> {
  const output = await withPage(deadline, (session) => capture(session, plan), { account });
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
      completeness: output.completeness,
      // Where a comparison's ignoreSelectors are in the image (D27).
      ...(output.ignoredRegions ? { ignoredRegions: output.ignoredRegions } : {}),
    },
  };
}
