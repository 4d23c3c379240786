/**
 * What every render of a page reports, whichever endpoint rendered it (a screenshot, a recording,
 * D26): kept with the page layer so no endpoint imports another's renderer (D34).
 */
import type { RenderOutput } from "@/lib/results";
import type { PageFacts } from "./page-facts";
import type { PageRun } from "./page-load";

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
