/**
 * Everything a render does to a page before it reads it (split from capture.ts so every render of
 * a page shares it: the screenshot's capture, the content endpoint's extraction, D24): dialogs
 * answered from before the first byte (D17), emulation, request shaping and blockers (D19), then
 * load (waitUntil) → wait for the caller's selector → consent banners → custom CSS/JS →
 * hideSelectors → click → lazy content scrolled into view → scrollTo → delay. A target that
 * answers an HTTP error stops after loading unless failOnHttpError=false. Every wait draws on the
 * request's deadline.
 */
import "server-only";
import { TimeoutError, type Page } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import { BASELINE, type Deadline, type RenderSession } from "@/lib/browser";
import { detectBlocked, targetBlockedError } from "./blocked";
import { anyBlocking, type BlockingStats, enableRequestBlocking } from "./blocking";
import { type ConsentHandling, enableConsentHandling } from "./consent";
import { clickElement, hideElements, scrollPage } from "./interactions";
import { answerDialogs, dialogMetadata, type DialogRecord } from "./dialogs";
import { assertLoadedDocument, loadHtml, navigate, refusalOr } from "./navigate";
import { fontsReady, isValidSelector, runUserScript, scrollThrough } from "./page-scripts";
import { type PageFacts, readPageFacts, targetHttpError } from "./page-facts";
import { shapeRequests } from "./request-shaping";
import { FULL_PAGE_MAX_HEIGHT, type PagePlan } from "./page-plan";

/** What the page showed while it was used, besides the render's own output. */
export interface PageRun<T> {
  output: T;
  /** The JavaScript dialogs the page opened and how they were answered (D17). */
  dialogs?: { dialogs: DialogRecord[]; dialogCount: number };
  /** Requests each enabled blocker stopped (D19); absent when none was on. */
  blockedRequests?: BlockingStats["counts"];
}

/** A page loaded and made ready by loadPage. */
export interface LoadedPage {
  facts: PageFacts;
  /** The document height scrolled through to load lazy content; undefined when it was not scrolled. */
  scrolledHeight?: number;
}

/** Where loadPage books its time: loading to waitUntil, then everything it waits for after. */
interface LoadClock {
  lap(phase: "navigate" | "wait"): void;
}

/** Changes only what differs from the page's baseline (each change is a DevTools round trip). */
async function prepare(session: RenderSession, plan: PagePlan) {
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

/**
 * Runs `work` on the session's page with dialogs answered and the plan's emulation, request shaping
 * and blockers in place; reports the dialogs and blocked requests beside its output.
 */
export async function withPreparedPage<T>(
  session: RenderSession,
  plan: PagePlan,
  work: (consent: ConsentHandling | undefined) => Promise<T>,
): Promise<PageRun<T>> {
  // Answered from before the first byte loads: an unanswered dialog freezes the page (D17).
  const dialogs = answerDialogs(session.page);
  try {
    const { consent, blocking } = await prepare(session, plan);
    const output = await work(consent);
    const seen = dialogMetadata(dialogs);
    return {
      output,
      ...(seen ? { dialogs: seen } : {}),
      // A copy: requests still in flight after the render must not change what is reported.
      ...(blocking ? { blockedRequests: { ...blocking.counts } } : {}),
    };
  } finally {
    dialogs.stop();
  }
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

async function applyCustomizations(page: Page, plan: PagePlan, deadline: Deadline) {
  if (plan.customCSS) await deadline.race(page.addStyleTag({ content: plan.customCSS }));
  if (plan.customJS) {
    const failure = await deadline.race(runUserScript(page, plan.customJS, deadline.remaining()));
    if (failure !== null) {
      throw new ApiError("invalid_parameter", `customJS threw an error: ${failure}`, { param: "customJS" });
    }
  }
}

/**
 * Loads the plan's page and takes every step before it is read. `scrollThrough`: scroll the whole
 * page (up to the plan's full-page height, D10, D36) so lazy and client-rendered content loads first.
 */
export async function loadPage(
  session: RenderSession,
  plan: PagePlan,
  consent: ConsentHandling | undefined,
  options: { scrollThrough: boolean; clock: LoadClock },
): Promise<LoadedPage> {
  const { page, guard, deadline } = session;
  // A page given as html has no response of its own (no status to report or fail on).
  const input = plan.html !== undefined ? "html" : "url";
  // Html that navigates itself at once (a meta refresh) may replace the document while it is
  // written: the guard's refusal is the answer then, as for every later step (D23).
  const response =
    plan.html !== undefined
      ? await loadHtml(page, plan.html, deadline, plan.waitUntil)
          .catch((error: unknown) => refusalOr(error, page, guard, input, deadline))
          .then(() => null)
      : await navigate(page, plan.url, guard, deadline, plan.waitUntil);
  options.clock.lap("navigate");
  // D23: checked after loading, after the caller's own steps and after the capture (capture.ts), so
  // a page that navigates itself to a refused address is never captured as Chromium's error page.
  assertLoadedDocument(page, guard, input);
  const targetStatus = response ? response.status() : null;
  // D23: a challenge, captcha or login wall is named before the status is judged (a challenge is
  // often a 403 or 503, and target_blocked says more than target_http_error). Html the caller
  // wrote blocks nobody.
  const blocked = input === "url" ? await detectBlocked(page, response, plan.url, deadline) : undefined;
  if (blocked && blocked.kind !== "http_error" && !plan.allowBlocked)
    throw targetBlockedError({ ...blocked, kind: blocked.kind });
  // allowBlocked=true captures the blocked page whatever its status: the status is part of the block.
  const blockedPage = blocked !== undefined && blocked.kind !== "http_error";
  if (plan.failOnHttpError && !blockedPage && targetStatus !== null && targetStatus >= 400)
    throw targetHttpError(targetStatus);
  // D23: a page may navigate itself away during any of the steps below; refusalOr answers with the
  // guard's refusal instead of the half-finished step's error.
  const ready = await settlePage(session, plan, consent, options.scrollThrough).catch((error: unknown) =>
    refusalOr(error, page, guard, input, deadline),
  );
  const facts = await readPageFacts(page, targetStatus, deadline).catch((error: unknown) =>
    refusalOr(error, page, guard, input, deadline),
  );
  options.clock.lap("wait");
  return { facts: blocked ? { ...facts, blocked } : facts, ...ready };
}

/** After loading: fonts, the caller's waits and page changes, lazy content scrolled into view, the delay. */
async function settlePage(
  session: RenderSession,
  plan: PagePlan,
  consent: ConsentHandling | undefined,
  scroll: boolean,
): Promise<{ scrolledHeight?: number }> {
  const { page, guard, deadline } = session;
  const input = plan.html !== undefined ? "html" : "url";
  await deadline.race(fontsReady(page));
  if (plan.waitForSelector) await waitForSelector(page, plan.waitForSelector, deadline);
  if (consent) {
    if (plan.html !== undefined) await consent.runOnCurrentDocument();
    await consent.settle(deadline);
  }
  await applyCustomizations(page, plan, deadline);
  if (plan.hideSelectors) await hideElements(page, plan.hideSelectors, deadline);
  if (plan.click) await clickElement(page, plan.click, deadline);
  assertLoadedDocument(page, guard, input);
  const scrollLimit = plan.fullPageMaxHeight ?? FULL_PAGE_MAX_HEIGHT;
  const scrolledHeight = scroll ? await deadline.race(scrollThrough(page, scrollLimit)) : undefined;
  if (plan.scrollTo) await scrollPage(page, plan.scrollTo, deadline);
  if (plan.delayMs > 0) await deadline.sleep(plan.delayMs);
  return scrolledHeight !== undefined ? { scrolledHeight } : {};
}
