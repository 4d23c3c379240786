/**
 * Makes the docs' recordings (motion.ts) with the recording engine itself: the same schema, plan
 * and renderer as GET /v1/animate, the page given as html. Each is made once per process, on first
 * request, and kept in memory (like the landing page's captures, D22); a failed one is tried again.
 */
import "server-only";
import { animationFromQuery } from "@/lib/animate/endpoint";
import { renderAnimation } from "@/lib/animate/render";
import { Deadline } from "@/lib/browser";
import { OUTPUT_FORMATS } from "@/lib/formats";
import type { MotionPage, MotionSample } from "./motion";
import { HELP_PAGE, RELEASE_NOTES_PAGE } from "./pages";
import type { ShowcaseImage } from "./render";

const PAGES: Record<MotionPage, string> = { "release-notes": RELEASE_NOTES_PAGE, help: HELP_PAGE };
const RENDER_TIMEOUT_MS = 120_000;

const made = new Map<string, Promise<ShowcaseImage>>();

export function motionVideo(sample: MotionSample): Promise<ShowcaseImage> {
  let video = made.get(sample.file);
  if (!video) {
    video = render(sample);
    made.set(sample.file, video);
    video.catch(() => made.delete(sample.file));
  }
  return video;
}

async function render(sample: MotionSample): Promise<ShowcaseImage> {
  const plan = animationFromQuery({ ...sample.query, html: PAGES[sample.page] });
  // A background render (D22): it takes only a slot no request wants (lib/browser/queue.ts).
  const output = await renderAnimation(plan, new Deadline(RENDER_TIMEOUT_MS), undefined, { background: true });
  return { bytes: output.bytes, contentType: OUTPUT_FORMATS[plan.format].mime };
}
