/**
 * Makes the landing page's captures (shots.ts) with the screenshot
 * engine itself: the same schema, plan and renderer as GET /v1/screenshot, the page given as
 * html. Each is made once per process, on first request (renders share the browser slots with
 * customers, so they are not made at every start, and take them as background renders: one at a
 * time, after requests, D22), and kept in memory; a failed one is tried again on the next request.
 */
import "server-only";
import { Deadline } from "@/lib/browser";
import { OUTPUT_FORMATS } from "@/lib/formats";
import type { ShowcasePage, ShowcaseShot } from "@/lib/showcase/shots";
import { planFromQuery } from "@/lib/screenshot/endpoint";
import { renderScreenshot } from "@/lib/screenshot/render";
import { INVOICE_PAGE, STORE_PAGE, STORE_WITH_CONSENT_PAGE } from "./pages";

const PAGES: Record<ShowcasePage, string> = {
  store: STORE_PAGE,
  "store-with-consent": STORE_WITH_CONSENT_PAGE,
  invoice: INVOICE_PAGE,
};
/** The wait for a slot and the render: the landing page's six are made one after another. */
const RENDER_TIMEOUT_MS = 90_000;

export interface ShowcaseImage {
  bytes: Buffer;
  contentType: string;
}

const made = new Map<string, Promise<ShowcaseImage>>();

export function showcaseImage(shot: ShowcaseShot): Promise<ShowcaseImage> {
  let image = made.get(shot.file);
  if (!image) {
    image = render(shot);
    made.set(shot.file, image);
    image.catch(() => made.delete(shot.file));
  }
  return image;
}

async function render(shot: ShowcaseShot): Promise<ShowcaseImage> {
  const plan = planFromQuery({ ...shot.query, html: PAGES[shot.page] });
  // A background render (D22): it waits for a slot no request wants, one sample at a time, never
  // refused as busy, so the first visitor's demo capture does not queue behind a page's worth of them.
  const output = await renderScreenshot(plan, new Deadline(RENDER_TIMEOUT_MS), undefined, { background: true });
  return { bytes: output.bytes, contentType: OUTPUT_FORMATS[plan.format].mime };
}
