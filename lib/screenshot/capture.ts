/**
 * One capture, start to finish, on a fresh page: the page is loaded and made ready by
 * page-load.ts (dialogs, emulation, blockers, waits, the caller's steps, lazy content for a full
 * page or a PDF), then the image (of one element with `selector`; resized with imageWidth/
 * imageHeight) or the PDF is taken. Every wait draws on the request's deadline; each phase is timed.
 */
import "server-only";
import type { RenderSession } from "@/lib/browser";
import { finishImage, type ImageFormat } from "./encode";
import { type PageRun, loadPage, withPreparedPage } from "./page-load";
import { documentHeight } from "./page-scripts";
import { CAPTURE_PHASES, type CapturePhase, type PageFacts, PhaseClock } from "./page-facts";
import { printPdf } from "./pdf";
import { type Region, readRegions, regionsInImage } from "./regions";
import { shootImage } from "./shoot";
import type { CapturePlan } from "./plan";

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
}

type Shot = Omit<CaptureOutput, "dialogs" | "blockedRequests">;

export async function capture(session: RenderSession, plan: CapturePlan): Promise<CaptureOutput> {
  const { output, ...seen } = await withPreparedPage(session, plan, async (consent): Promise<Shot> => {
    const { page, deadline } = session;
    const clock = new PhaseClock(CAPTURE_PHASES);
    // A PDF prints everything, so lazy content must be loaded for it as for a full-page image.
    const scroll = plan.fullPage || plan.pdf !== undefined;
    const { facts } = await loadPage(session, plan, consent, { scrollThrough: scroll, clock });

    if (plan.pdf) {
      const contentHeight = plan.fullPage ? await documentHeight(page) : undefined;
      const pdf = await deadline.race(printPdf(page, plan.pdf, plan.viewport.width, contentHeight, deadline));
      clock.lap("capture");
      const { bytes, width, height, pages } = pdf;
      return { bytes, width, height, pages, facts: { ...facts, timings: clock.ms } };
    }

    const format = plan.format as ImageFormat;
    const regions = plan.ignoreSelectors ? await readRegions(page, plan, plan.ignoreSelectors, deadline) : undefined;
    const shot = await shootImage(page, plan, deadline);
    clock.lap("capture");
    const image = await deadline.race(finishImage(shot, format, plan.quality, plan.resize));
    clock.lap("encode");
    return {
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      facts: { ...facts, timings: clock.ms },
      ...(regions ? { ignoredRegions: regionsInImage(regions, image.width, image.height) } : {}),
    };
  });
  return { ...output, ...seen };
}
