/**
 * requireComplete's wait (D36): before judging, a capture that must be complete gives the page up
 * to COMPLETE_WAIT_MS to finish its images, fonts, requests and DOM changes, reading it every
 * POLL_MS. It never spends the time the request needs to answer: it stops while a quarter of the
 * timeout (at least a second) is left, so an incomplete page is a 422 capture_incomplete, not a 504.
 */
import "server-only";
import type { Deadline } from "@/lib/browser";
import { stateReasons } from "./completeness";
import { COMPLETE_WAIT_MS, DOM_QUIET_MS } from "./completeness-schema";
import type { CapturedBand, PageState, PageWatch } from "./completeness-page";

const POLL_MS = 200;

/** Waits while the page is incomplete (within bounds); the milliseconds it waited. */
export async function awaitCompletePage(watch: PageWatch, band: CapturedBand, deadline: Deadline): Promise<number> {
  const started = performance.now();
  const reserve = Math.max(1_000, Math.round(deadline.totalMs / 4));
  for (;;) {
    const waited = Math.round(performance.now() - started);
    const state = await watch.read(band, deadline);
    if (stateReasons(state).length === 0 && stillLongEnough(state)) return waited;
    if (waited + POLL_MS > COMPLETE_WAIT_MS || deadline.remaining() - POLL_MS < reserve) return waited;
    await deadline.sleep(POLL_MS);
  }
}

/**
 * A page that has not changed since it was parsed may only not have begun yet (a ticker's first
 * tick): a capture that must be complete waits until it has been still for DOM_QUIET_MS.
 */
function stillLongEnough(state: PageState): boolean {
  if (state.lastChangeMsAgo !== null || typeof state.parsedMsAgo !== "number") return true;
  return state.parsedMsAgo >= DOM_QUIET_MS;
}
