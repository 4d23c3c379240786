/**
 * One capture, start to finish, on a fresh page: emulation → blockers → load (waitUntil) → wait
 * for the caller's selector → consent banners → custom CSS/JS → hideSelectors → click → lazy
 * content → scrollTo → delay → image (of one element with `selector`; resized with imageWidth/
 * imageHeight) or PDF. A target that answers an HTTP error stops after loading unless
 * failOnHttpError=false. Every wait draws on the request's deadline; each phase is timed.
 */
import "server-only";
import { TimeoutError, type Page } from "puppeteer-core";
import { ApiError } from "@/lib/api/errors";
import { BASELINE, type Deadline, type RenderSession } from "@/lib/browser";
import type { ResultExt } from "@/lib/results/types";
import { anyBlocking, type BlockingStats, enableRequestBlocking } from "./blocking";
import { enableConsentHandling } from "./consent";
import { finishImage } from "./encode";
import { clickElement, hideElements, scrollPage } from "./interactions";
import { answerDialogs, dialogMetadata, type DialogRecord } from "./dialogs";
import { loadHtml, navigate } from "./navigate";
import { documentHeight, fontsReady, isValidSelector, runUserScript, scrollThrough } from "./page-scripts";
import { type PageFacts, PhaseClock, readPageFacts, targetHttpError } from "./page-facts";
import { printPdf } from "./pdf";
import { shootImage } from "./shoot";
import { shapeRequests } from "./request-shaping";
import { type CapturePlan, FULL_PAGE_MAX_HEIGHT } from "./plan";

export interface CaptureOutput {
  bytes: Buffer;
  /** Output pixels for images; paper size in CSS px for PDF (D7). */
  width: number;
  height: number;
  pages?: number;
  /** The JavaScript dialogs the page opened and how they were answered (D17). */
  dialogs?: { dialogs: DialogRecord[]; dialogCount: number };
  /** Requests each enabled blocker stopped (D19); absent when none was on. */
  blockedRequests?: BlockingStats["counts"];
  /** The page and the render as response=json reports them (D19). */
  facts: PageFacts & { timings: PhaseClock["ms"] };
}

/** Changes only what differs from the page's baseline (each change is a DevTools round trip). */
async function prepare(session: RenderSession, plan: CapturePlan) {
  const { page } = session;
  const { viewport } = plan;
  const baselineViewport =
    viewport.width === BASELINE.width &&
    viewport.height === BASELINE.height &&
    viewport.deviceScaleFactor === 1 &&
    !viewport.isMobile &&
    !viewport.hasTouch;
  if (!baselineViewport) await page.setViewport(viewport);
  await shapeRequests(session, plan);
  // The caller's CSS/JS must work on pages whose Content-Security-Policy forbids inline code.
  if (plan.customCSS || plan.customJS || plan.hideSelectors) await page.setBypassCSP(true);
  const blockers = {
    ads: plan.blockAds,
    cookies: plan.blockCookies,
    trackers: plan.blockTrackers,
    chats: plan.blockChats,
    patterns: plan.blockRequests,
  };
  const blocking = anyBlocking(blockers)
    ? await enableRequestBlocking(page, { ...blockers, targetUrl: plan.url })
    : undefined;
  return { consent: plan.blockCookies ? await enableConsentHandling(page) : undefined, blocking };
}

async function waitForSelector(page: Page, selector: string, deadline: Deadline) {
  if (!(await isValidSelector(page, selector))) {
    throw new ApiError("invalid_parameter", "waitForSelector is not a valid CSS selector.", {
      param: "waitForSelector",
    });
  }
  try {
    await page.waitForSelector(selector, { timeout: Math.max(1, deadline.remaining()) });
  } catch (error) {
    if (error instanceof TimeoutError || deadline.expired()) {
      throw new ApiError(
        "render_timeout",
        `No element matched waitForSelector within the timeout of ${deadline.totalMs} ms.`,
      );
    }
    throw error;
  }
}

async function applyCustomizations(page: Page, plan: CapturePlan, deadline: Deadline) {
  if (plan.customCSS) await deadline.race(page.addStyleTag({ content: plan.customCSS }));
  if (plan.customJS) {
    const failure = await deadline.race(runUserScript(page, plan.customJS));
    if (failure !== null) {
      throw new ApiError("invalid_parameter", `customJS threw an error: ${failure}`, { param: "customJS" });
    }
  }
}

export async function capture(session: RenderSession, plan: CapturePlan): Promise<CaptureOutput> {
  // Answered from before the first byte loads: an unanswered dialog freezes the page (D17).
  const dialogs = answerDialogs(session.page);
  try {
    const output = await captureAnswering(session, plan);
    const seen = dialogMetadata(dialogs);
    return seen ? { ...output, dialogs: seen } : output;
  } finally {
    dialogs.stop();
  }
}

async function captureAnswering(session: RenderSession, plan: CapturePlan): Promise<CaptureOutput> {
  const { consent, blocking } = await prepare(session, plan);
  const output = await loadAndCapture(session, plan, consent);
  // A copy: requests still in flight after the capture must not change what is reported.
  return blocking ? { ...output, blockedRequests: { ...blocking.counts } } : output;
}

async function loadAndCapture(
  session: RenderSession,
  plan: CapturePlan,
  consent: Awaited<ReturnType<typeof prepare>>["consent"],
): Promise<CaptureOutput> {
  const { page, guard, deadline } = session;
  const clock = new PhaseClock();
  // A page given as html has no response of its own (no status to report or fail on).
  const response =
    plan.html !== undefined
      ? await loadHtml(page, plan.html, deadline, plan.waitUntil).then(() => null)
      : await navigate(page, plan.url, guard, deadline, plan.waitUntil);
  const targetStatus = response ? response.status() : null;
  clock.lap("navigate");
  if (plan.failOnHttpError && targetStatus !== null && targetStatus >= 400) throw targetHttpError(targetStatus);
  await deadline.race(fontsReady(page));
  if (plan.waitForSelector) await waitForSelector(page, plan.waitForSelector, deadline);
  if (consent) {
    if (plan.html !== undefined) await consent.runOnCurrentDocument();
    await consent.settle(deadline);
  }
  await applyCustomizations(page, plan, deadline);
  if (plan.hideSelectors) await hideElements(page, plan.hideSelectors, deadline);
  if (plan.click) await clickElement(page, plan.click, deadline);
  // A PDF prints everything, so lazy content must be loaded for it as for a full-page image.
  if (plan.fullPage || plan.pdf) await deadline.race(scrollThrough(page, FULL_PAGE_MAX_HEIGHT));
  if (plan.scrollTo) await scrollPage(page, plan.scrollTo, deadline);
  if (plan.delayMs > 0) await deadline.sleep(plan.delayMs);
  const facts = await readPageFacts(page, targetStatus, deadline);
  clock.lap("wait");

  if (plan.pdf) {
    const contentHeight = plan.fullPage ? await documentHeight(page) : undefined;
    const pdf = await deadline.race(printPdf(page, plan.pdf, plan.viewport.width, contentHeight, deadline));
    clock.lap("capture");
    const timings = clock.ms;
    return { bytes: pdf.bytes, width: pdf.width, height: pdf.height, pages: pdf.pages, facts: { ...facts, timings } };
  }

  const ext = plan.format as Exclude<ResultExt, "pdf">;
  const shot = await shootImage(page, plan, deadline);
  clock.lap("capture");
  const image = await deadline.race(finishImage(shot, ext, plan.quality, plan.resize));
  clock.lap("encode");
  return { bytes: image.bytes, width: image.width, height: image.height, facts: { ...facts, timings: clock.ms } };
}
