/**
 * A recording (D26): a fresh guarded page from lib/browser, prepared and loaded exactly as a
 * screenshot's page is (lib/page/page-load.ts: dialogs, emulation, blockers, waits, banners,
 * scripts — the page is inside the target-safety boundary from the first byte to the last frame,
 * D9), its recording clock installed before the page's own scripts, then frame by frame into ffmpeg.
 */
import "server-only";
import { type Deadline, type RenderOptions, withPage } from "@/lib/browser";
import { env } from "@/lib/env";
import type { RenderOutput } from "@/lib/results";
import { CAPTURE_PHASES, PhaseClock } from "@/lib/page/page-facts";
import { assertLoadedDocument } from "@/lib/page/navigate";
import { loadPage, withPreparedPage } from "@/lib/page/page-load";
import { pageOutcome } from "@/lib/page/page-outcome";
import { FrameEncoder } from "./encode";
import { frameDiskNeed, reserveFrameDisk } from "./frame-disk";
import { installRecordingClock } from "./page-clock";
import type { AnimationPlan } from "./plan";
import type { AnimationMetadata } from "./schema";
import { recordFrames } from "./record";

/**
 * `account`: whose render it is, for fair sharing of the render slots (D17); `background`: a sample
 * this server makes of itself, which yields the slots to requests (D22).
 */
export async function renderAnimation(
  plan: AnimationPlan,
  deadline: Deadline,
  account?: string,
  options: { background?: boolean } = {},
): Promise<RenderOutput> {
  // A gif keeps its frames on disk: room for them is reserved before the page loads (D26).
  const disk =
    plan.format === "gif"
      ? await reserveFrameDisk(
          frameDiskNeed({ ...plan, framesMaxBytes: plan.gifFramesMaxBytes, outputMaxBytes: outputMaxBytes() }),
        )
      : undefined;
  try {
    return await record(plan, deadline, { account, background: options.background });
  } finally {
    disk?.release();
  }
}

const outputMaxBytes = () => env().ANIMATE_OUTPUT_MAX_MB * 1024 * 1024;

async function record(plan: AnimationPlan, deadline: Deadline, slot: RenderOptions): Promise<RenderOutput> {
  const { output, ...seen } = await withPage(
    deadline,
    (session) =>
      withPreparedPage(session, plan.page, async (consent) => {
        // Before anything loads: the page's own scripts must find the recording's clock in place.
        await deadline.race(installRecordingClock(session.page));
        const clock = new PhaseClock(CAPTURE_PHASES);
        const { facts } = await loadPage(session, plan.page, consent, { scrollThrough: false, clock });
        const encoder = await FrameEncoder.start({
          format: plan.format,
          fps: plan.fps,
          width: plan.width,
          height: plan.height,
          quality: plan.quality,
          maxBytes: outputMaxBytes(),
          framesMaxBytes: plan.gifFramesMaxBytes,
        });
        try {
          const input = plan.page.html !== undefined ? "html" : "url";
          const stillAllowed = () => assertLoadedDocument(session.page, session.guard, input);
          const frames = await recordFrames(session.page, plan, encoder, deadline, stillAllowed);
          clock.lap("capture");
          const video = await deadline.race(encoder.finish());
          clock.lap("encode");
          return { video, frames, facts: { ...facts, timings: clock.ms } };
        } finally {
          await encoder.close();
        }
      }),
    { ...slot, proxy: plan.page.request.proxy },
  );
  const page = pageOutcome({ ...seen, facts: output.facts });
  return {
    bytes: output.video.bytes,
    width: plan.width,
    height: plan.height,
    ...page,
    details: {
      ...({
        duration: plan.durationMs,
        frames: output.frames,
        fps: plan.fps,
        codec: output.video.codec,
        renders: plan.renders,
      } satisfies Pick<AnimationMetadata, "duration" | "frames" | "fps" | "codec" | "renders">),
      ...page.details,
    },
  };
}
