/**
 * The recording's clock (D26). A video frame shows the page at its own moment of the recording —
 * frame n at n/fps seconds — however long the machine takes to capture it. This script, installed
 * before the page's own (evaluateOnNewDocument, again in every document the page navigates to),
 * holds its own references, so a page replacing the globals later changes nothing. While a
 * recording runs it puts the page's time at the frame's: CSS animations and transitions and Web
 * Animations are paused and set to it (or finished), and `performance.now()`, `Date.now()` and
 * requestAnimationFrame's timestamp read it, so script animations driven by them move exactly
 * one frame interval between frames. Timers (setTimeout, setInterval) and network loads keep the
 * wall clock. Chromium's virtual time would move timers too, but a page with a canvas and an idle
 * requestAnimationFrame loop never yields a screenshot while it is paused (Chromium 156).
 */
import "server-only";
import type { CDPSession, Page } from "puppeteer-core";
import type { Deadline } from "@/lib/browser";

/** The page-side stepper's name; a non-writable, non-configurable property of window. */
const CLOCK = "__glanceRecordingClock";

/** Plain JavaScript (not a TypeScript function): transpilers add helpers the page does not have. */
const INSTALL_CLOCK = `(() => {
  if (Object.prototype.hasOwnProperty.call(window, ${JSON.stringify(CLOCK)})) return;
  const getAnimations = Document.prototype.getAnimations;
  const performanceNow = performance.now.bind(performance);
  const dateNow = Date.now;
  const requestFrame = window.requestAnimationFrame.bind(window);
  const scrollTo = window.scrollTo.bind(window);
  // Until the first frame: the real clocks. From then on: where the recording is.
  let recording = null;
  performance.now = function now() { return recording ? recording.performance + recording.clock : performanceNow(); };
  Date.now = function now() { return recording ? Math.floor(recording.date + recording.clock) : dateNow(); };
  window.requestAnimationFrame = function requestAnimationFrame(callback) {
    return requestFrame(() => callback(performance.now()));
  };
  const seen = new WeakMap();
  const step = (clock, scrollY) => {
    if (!recording) recording = { performance: performanceNow(), date: dateNow(), clock };
    recording.clock = clock;
    if (typeof scrollY === "number") scrollTo({ left: 0, top: scrollY, behavior: "instant" });
    for (const animation of getAnimations.call(document)) {
      if (animation.timeline !== document.timeline || animation.playState === "idle") continue;
      let start = seen.get(animation);
      if (!start) {
        // One that runs since before the recording keeps its place; a new one starts now.
        start = { time: clock === 0 ? animation.currentTime || 0 : 0, clock };
        seen.set(animation, start);
      }
      const rate = animation.playbackRate;
      const time = start.time + (clock - start.clock) * rate;
      const end = animation.effect ? animation.effect.getComputedTiming().endTime : Infinity;
      if (Number.isFinite(end) && (rate >= 0 ? time >= end : time <= 0)) {
        if (animation.playState !== "finished") animation.finish();
      } else {
        if (animation.playState !== "paused") animation.pause();
        animation.currentTime = time;
      }
    }
  };
  Object.defineProperty(window, ${JSON.stringify(CLOCK)}, { value: step, writable: false, configurable: false, enumerable: false });
})()`;

/**
 * Before any of the page's scripts: in every document the page navigates to, and in the blank
 * document it has now, which a page given as html is written into (document.open keeps the window).
 */
export async function installRecordingClock(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(INSTALL_CLOCK);
  await page.evaluate(INSTALL_CLOCK);
}

/** The page replaced its document mid-step (a click that navigates): that frame shows the new one. */
const CONTEXT_GONE =
  /Execution context was destroyed|Cannot find context with specified id|Execution context is not available/i;

/** Puts the page at each frame's moment and captures it (Page.captureScreenshot on its own session). */
export class RecordingClock {
  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly deadline: Deadline,
  ) {}

  static async start(page: Page, deadline: Deadline): Promise<RecordingClock> {
    return new RecordingClock(page, await deadline.race(page.createCDPSession()), deadline);
  }

  /** Puts the page at `clockMs` of the recording and, when given, at scroll offset `scrollY`. */
  async pose(clockMs: number, scrollY?: number): Promise<void> {
    try {
      await this.deadline.race(
        this.page.evaluate(`window[${JSON.stringify(CLOCK)}](${clockMs}, ${scrollY ?? "null"})`),
      );
    } catch (error) {
      if (!(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
    }
  }

  /** One frame of the viewport as JPEG (lossless enough at this quality; the video encoder compresses it again). */
  async capture(): Promise<Buffer> {
    const shot = await this.deadline.race(
      this.cdp.send("Page.captureScreenshot", { format: "jpeg", quality: 92, optimizeForSpeed: true }),
    );
    return Buffer.from(shot.data, "base64");
  }

  /** Lets go of the session without waiting: the render's context is closed next, which ends it anyway. */
  stop(): void {
    void this.cdp.detach().catch(() => {});
  }
}
