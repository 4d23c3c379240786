/**
 * Makes the landing page's captures (shots.ts) with the screenshot
 * engine itself: the same schema, plan and renderer as GET /v1/screenshot, the page given as
 * html. Each is made once per process, on first request (renders share the browser slots with
 * customers, so they are not made at every start), and kept in memory; a failed one is tried
 * again on the next request.
 */
import "server-only";
import { ApiError } from "@/lib/vocabulary/errors";
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
const RENDER_TIMEOUT_MS = 30_000;

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

/**
 * Busy renderers refuse a render that cannot start soon (D17): right for an API caller, who is told
 * to retry, but an <img> on the landing page never retries and stays broken. So a showcase image
 * waits for a slot a few times over (seen: the landing's captures and motion samples, all started
 * by one visit, refused each other).
 */
const BUSY_RETRIES = 5;
const BUSY_PAUSE_MS = 2_000;

async function render(shot: ShowcaseShot): Promise<ShowcaseImage> {
  const plan = planFromQuery({ ...shot.query, html: PAGES[shot.page] });
  for (let attempt = 0; ; attempt++) {
    try {
      const output = await renderScreenshot(plan, new Deadline(RENDER_TIMEOUT_MS));
      return { bytes: output.bytes, contentType: OUTPUT_FORMATS[plan.format].mime };
    } catch (error) {
      const busy = error instanceof ApiError && error.code === "renderer_busy";
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
    }
  }
}
