/**
 * One capture, start to finish, on a fresh page: the page is loaded and made ready by
 * page-load.ts (dialogs, emulation, blockers, waits, the caller's steps, lazy content for a full
 * page or a PDF), then the image (of one element with `selector`; resized with imageWidth/
 * imageHeight) or the PDF is taken, and its completeness reported (D36). Every wait draws on the
 * request's deadline; each phase is timed.
 */
import "server-only";
import { ApiError } from "@/lib/vocabulary/errors";
import type { RenderSession } from "@/lib/browser";
import { finishImage, type ImageFormat } from "./encode";
import { assertLoadedDocument, refusalOr } from "@/lib/page/navigate";
import { type PageRun, loadPage, withPreparedPage } from "@/lib/page/page-load";
import { documentHeight } from "@/lib/page/page-scripts";
import { CAPTURE_PHASES, type CapturePhase, type PageFacts, PhaseClock } from "@/lib/page/page-facts";
import type { ConsentHandling } from "@/lib/page/consent";
import { captureIncompleteError, judgeCompleteness } from "./completeness";
import type { Completeness } from "./completeness-schema";
import { type CapturedBand, type PageWatch, watchPage } from "./completeness-page";
import { awaitCompletePage } from "./completeness-wait";
import { printPdf } from "./pdf";
import { type Region, readRegions, regionsInImage } from "./regions";
import { shootImage } from "./shoot";
import { FULL_PAGE_MAX_HEIGHT } from "@/lib/page/page-plan";
import { type CapturePlan, fullPageLimit } from "./plan";

export interface CaptureOutput extends Omit<PageRun<unknown>, "output"> {
  bytes: Buffer;
  /** Output pixels for images; paper size in CSS px for PDF (D7). */
  width: number;
  height: number;
  pages?: number;
  /** The page and the render as response=json reports them (D19). */
  facts: PageFacts & { timings: Record<CapturePhase, number> };
  /** Where the plan's ignoreSelectors elements are in the image (a comparison's capture, D27). */
  ignoredRegions?: Region[];
  /** What the capture may be missing (D36). */
  completeness: Completeness;
}

type Shot = Omit<CaptureOutput, "dialogs" | "blockedRequests">;

/**
 * Chromium cannot print a header or footer template that loads a stylesheet (`<link>`, `@import`,
 * a preload): printToPDF fails and leaves the page hung. That is the caller's template, so it is
 * a 400 naming it, and the stuck page's context is closed without costing the browser (D19).
 */
function templateFailure(error: unknown, pdf: NonNullable<CapturePlan["pdf"]>, session: RenderSession): unknown {
  if (!(error instanceof Error) || !/Printing failed/i.test(error.message)) return error;
  if (!pdf.headerTemplate && !pdf.footerTemplate) return error;
  session.abandonPage();
  return new ApiError(
    "invalid_parameter",
    "Chromium could not print the header or footer template. Templates cannot load anything: put styles in a <style> element (no <link> or @import) and images as data: URLs.",
    { param: pdf.headerTemplate ? "headerTemplate" : "footerTemplate" },
  );
}

/** The image, and where ignoreSelectors' elements are in it when a comparison asked (D27). */
async function shootWithRegions({ page, deadline }: RenderSession, plan: CapturePlan) {
  const regions = plan.ignoreSelectors ? await readRegions(page, plan, plan.ignoreSelectors, deadline) : undefined;
  return { regions, shot: await shootImage(page, plan, deadline) };
}

/** The part of the page whose images count for completeness: what the capture shows. */
function capturedBand(plan: CapturePlan): CapturedBand {
  if (plan.pdf || plan.selector) return { top: 0, bottom: Number.MAX_SAFE_INTEGER };
  if (plan.fullPage) return { top: 0, bottom: fullPageLimit(plan).height };
  if (plan.clip) return { top: plan.clip.y, bottom: plan.clip.y + plan.clip.height };
  return "viewport";
}

export async function capture(session: RenderSession, plan: CapturePlan): Promise<CaptureOutput> {
  const { output, ...seen } = await withPreparedPage(session, plan, async (consent): Promise<Shot> => {
    const watch = await watchPage(session.page);
    try {
      return await captureWatched(session, plan, consent, watch);
    } finally {
      watch.stop();
    }
  });
  return { ...output, ...seen };
}

async function captureWatched(
  session: RenderSession,
  plan: CapturePlan,
  consent: ConsentHandling | undefined,
  watch: PageWatch,
): Promise<Shot> {
  const { page, deadline } = session;
  const clock = new PhaseClock(CAPTURE_PHASES);
  // A PDF prints everything, so lazy content must be loaded for it as for a full-page image.
  const scroll = plan.fullPage || plan.pdf !== undefined;
  const { facts } = await loadPage(session, plan, consent, { scrollThrough: scroll, clock });
  const band = capturedBand(plan);
  const input = plan.html !== undefined ? "html" : "url";
  // D23: a page that navigates itself to a refused address while it is read answers with the refusal.
  const refused = (error: unknown) => refusalOr(error, page, session.guard, input, deadline);
  const completeMs = plan.requireComplete ? await awaitCompletePage(watch, band, deadline).catch(refused) : 0;
  const state = await watch.read(band, deadline).catch(refused);
  const waits = {
    waitUntil: plan.waitUntil,
    waitForSelector: plan.waitForSelector !== undefined,
    fonts: true as const,
    scrolled: scroll,
    delayMs: plan.delayMs,
    completeMs,
  };
  // D36: the report, and requireComplete's 422 (thrown before anything is stored, so not charged).
  const judged = (extent: Parameters<typeof judgeCompleteness>[1]) => {
    const report = judgeCompleteness(state, extent, waits);
    if (plan.requireComplete && !report.complete) throw captureIncompleteError(report);
    return report;
  };

  if (plan.pdf) {
    const pageHeight = Math.ceil(await documentHeight(page));
    const pdf = await deadline
      .race(printPdf(page, plan.pdf, plan.viewport.width, plan.fullPage ? pageHeight : undefined, deadline))
      .catch((error: unknown) => {
        throw templateFailure(error, plan.pdf!, session);
      });
    clock.lap("capture");
    // D23: a page that navigated to a refused address while being printed is not answered.
    assertLoadedDocument(page, session.guard, input);
    // A PDF prints the whole page; what it may miss is lazy content below the scrolled height.
    const scrolled = plan.fullPageMaxHeight ?? FULL_PAGE_MAX_HEIGHT;
    const completeness = judged({
      pageHeight,
      capturedHeight: Math.min(pageHeight, scrolled),
      limit: { height: scrolled, by: "plan" },
    });
    const { bytes, width, height, pages } = pdf;
    return { bytes, width, height, pages, facts: { ...facts, timings: clock.ms }, completeness };
  }

  const format = plan.format as ImageFormat;
  // D23: a page that navigates itself away while it is measured or shot answers with the refusal.
  const { regions, shot } = await shootWithRegions(session, plan).catch((error: unknown) =>
    refusalOr(error, page, session.guard, input, deadline),
  );
  clock.lap("capture");
  // D23: a page that navigated to a refused address while being shot is not answered.
  assertLoadedDocument(page, session.guard, input);
  const completeness = judged(shot.extent ? { ...shot.extent, limit: fullPageLimit(plan) } : undefined);
  const image = await deadline.race(finishImage(shot.bytes, format, plan.quality, plan.resize));
  clock.lap("encode");
  return {
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    facts: { ...facts, timings: clock.ms },
    completeness,
    ...(regions ? { ignoredRegions: regionsInImage(regions, image.width, image.height) } : {}),
  };
}
