/**
 * Turns validated /v1/animate parameters into one recording plan (D26): the page part planned by
 * the screenshot's own planCapture (what loads, waits, blocks and emulates), the video's frame
 * size, rate and timeline — every frame known before the browser is asked for anything — and the
 * renders it costs. The checks that span parameters are 400s here; then, the last checks of the
 * validate step, the caller's plan limits (403), so D2's order holds. Pure, like the screenshot plan.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { parseQuery } from "@/lib/api/query";
import { PLANS, type PlanId } from "@/lib/plans";
import { type CapturePlan, planCapture } from "@/lib/screenshot/plan";
import { screenshotParams, type ScreenshotParams } from "@/lib/screenshot/params";
import { ANIMATE_LIMITS, ANIMATE_MAX, lowestPlanAllowing, rendersFor, SYNC_MAX_DURATION_MS } from "./limits";
import type { AnimateFormat, AnimateParams, Easing } from "./params";
import type { Step } from "./params-steps";

/** What the video shows, frame by frame: holds at both ends around a scroll or the steps. */
export type Timeline =
  | {
      kind: "scroll";
      startFrames: number;
      moveFrames: number;
      endFrames: number;
      to?: { selector: string } | { y: number };
    }
  | { kind: "steps"; startFrames: number; steps: Array<Step & { frames: number }>; endFrames: number };

export interface AnimationPlan {
  /** The page: url or html, viewport, waits, blockers, emulation (the screenshot's plan, D19). */
  page: CapturePlan;
  format: AnimateFormat;
  fps: number;
  /** Every frame of the video, pauses included. */
  frames: number;
  /** frames / fps, in ms: within half a frame of what was asked. */
  durationMs: number;
  /** Output pixels, as encoded (even sides for mp4 and webm, whose 4:2:0 colour needs them). */
  width: number;
  height: number;
  quality: number;
  easing: Easing;
  timeline: Timeline;
  /** What the recording counts against the monthly renders (D26). */
  renders: number;
  timeoutMs: number;
  /** gif: the most disk its frames may take while it records (the caller's plan, D26). */
  gifFramesMaxBytes: number;
}

/** The screenshot fields at their defaults: the part of a capture plan a recording does not set. */
let screenshotDefaults: ScreenshotParams | undefined;
function defaults(): ScreenshotParams {
  screenshotDefaults ??= parseQuery(new URLSearchParams(), screenshotParams, { extras: "reject" }).params;
  return screenshotDefaults;
}

const framesOf = (ms: number, fps: number) => Math.round((ms * fps) / 1000);

function scenarioOf(params: AnimateParams, given: ReadonlySet<string>): "scroll" | "steps" {
  const scenario = given.has("scenario") ? params.scenario : params.steps ? "steps" : "scroll";
  const bad = (param: string, detail: string) => new ApiError("invalid_parameter", detail, { param });
  if (scenario === "steps") {
    if (!params.steps)
      throw new ApiError("missing_parameter", "scenario=steps needs steps: a JSON array of actions.", {
        param: "steps",
      });
    if (given.has("duration"))
      throw bad(
        "duration",
        "A steps recording lasts as long as its steps (each may have a duration); leave duration out.",
      );
    if (given.has("scrollTo")) throw bad("scrollTo", 'scrollTo ends a scroll; in steps use a step {"scrollTo": …}.');
  } else if (params.steps) {
    throw bad("steps", "steps are recorded with scenario=steps (or without scenario).");
  }
  return scenario;
}

function timelineOf(params: AnimateParams, scenario: "scroll" | "steps", fps: number): Timeline {
  const startFrames = framesOf(params.pauseStart, fps);
  const endFrames = framesOf(params.pauseEnd, fps);
  if (scenario === "steps") {
    const steps = (params.steps ?? []).map((step) => ({ ...step, frames: framesOf(step.durationMs, fps) }));
    return { kind: "steps", startFrames, steps, endFrames };
  }
  const moveFrames = framesOf(params.duration, fps) - startFrames - endFrames;
  if (moveFrames < 2)
    throw new ApiError(
      "invalid_parameter",
      `pauseStart + pauseEnd (${params.pauseStart + params.pauseEnd} ms) leave no time to scroll in a duration of ${params.duration} ms.`,
      { param: "pauseEnd" },
    );
  const to =
    params.scrollTo === undefined
      ? undefined
      : /^\d+$/.test(params.scrollTo)
        ? { y: Number(params.scrollTo) }
        : { selector: params.scrollTo };
  return { kind: "scroll", startFrames, moveFrames, endFrames, to };
}

function totalFrames(timeline: Timeline): number {
  if (timeline.kind === "scroll") return timeline.startFrames + timeline.moveFrames + timeline.endFrames;
  return timeline.startFrames + timeline.steps.reduce((sum, s) => sum + s.frames, 0) + timeline.endFrames;
}

/** The screenshot plan of the page a recording loads: shared fields as given, the rest at their defaults. */
function pagePlan(params: AnimateParams, given: ReadonlySet<string>): CapturePlan {
  const shot: ScreenshotParams = { ...defaults() };
  const shared = shot as unknown as Record<string, unknown>;
  for (const name of Object.keys(screenshotParams.shape)) {
    if (name in params && name !== "format" && name !== "quality" && name !== "scrollTo" && name !== "timeout")
      shared[name] = (params as Record<string, unknown>)[name];
  }
  // A video is sized in CSS pixels: a device preset's pixel ratio (a phone's 3×) applies only when asked (D26).
  const pageGiven = new Set(given);
  if (params.device && !given.has("deviceScale")) pageGiven.add("deviceScale");
  return { ...planCapture(shot, pageGiven), timeoutMs: params.timeout };
}

interface PlanOptions {
  /** The caller's plan: its limits are the validate step's last check (403). */
  plan: PlanId;
  /** A synchronous request: at most SYNC_MAX_DURATION_MS of video. */
  sync: boolean;
}

export function planAnimation(params: AnimateParams, given: ReadonlySet<string>, options: PlanOptions): AnimationPlan {
  const scenario = scenarioOf(params, given);
  const page = pagePlan(params, given);
  const { fps, format } = params;
  const timeline = timelineOf(params, scenario, fps);
  const frames = Math.max(1, totalFrames(timeline));
  const durationMs = Math.round((frames * 1000) / fps);
  const lengthParam = scenario === "steps" ? "steps" : "duration";
  if (durationMs > ANIMATE_MAX.durationMs)
    throw new ApiError(
      "parameter_out_of_range",
      `The video would last ${durationMs} ms; recordings are at most ${ANIMATE_MAX.durationMs} ms.`,
      { param: lengthParam },
    );
  if (options.sync && durationMs > SYNC_MAX_DURATION_MS)
    throw new ApiError(
      "parameter_out_of_range",
      `A synchronous recording lasts at most ${SYNC_MAX_DURATION_MS} ms (this one ${durationMs} ms): submit it as an async job, POST /v1/jobs with {"endpoint":"animate","params":{…}}.`,
      { param: lengthParam },
    );
  const scale = page.viewport.deviceScaleFactor;
  const even = (n: number) => (format === "gif" ? n : Math.max(2, n - (n % 2)));
  const width = even(Math.round(page.viewport.width * scale));
  const height = even(Math.round(page.viewport.height * scale));
  const sizeParam = given.has("deviceScale") ? "deviceScale" : width >= height ? "width" : "height";
  if (Math.max(width, height) > ANIMATE_MAX.longSide)
    throw new ApiError(
      "parameter_out_of_range",
      `The video would be ${width} × ${height} pixels; recordings are at most ${ANIMATE_MAX.longSide} pixels on a side (width and height × deviceScale).`,
      { param: sizeParam },
    );

  // The caller's plan, last: everything above is a 400 on any plan (D2).
  const fitsSize = (l: (typeof ANIMATE_LIMITS)[PlanId]) =>
    Math.max(width, height) <= l.maxLongSide && Math.min(width, height) <= l.maxShortSide;
  const over: Array<[string, string, (l: (typeof ANIMATE_LIMITS)[PlanId]) => boolean]> = [
    [lengthParam, `A ${durationMs}-ms video`, (l) => durationMs <= l.maxDurationMs],
    [sizeParam, `A ${width} × ${height} video`, fitsSize],
    ["fps", `${fps} frames per second`, (l) => fps <= l.maxFps],
  ];
  for (const [param, what, fits] of over) {
    if (fits(ANIMATE_LIMITS[options.plan])) continue;
    const needed = lowestPlanAllowing(fits);
    throw new ApiError(
      "plan_upgrade_required",
      `${what} requires the ${needed ? PLANS[needed].name : "Business"} plan or higher (see the limits per plan under /docs/animate).`,
      { param },
    );
  }

  return {
    page,
    format,
    fps,
    frames,
    durationMs,
    width,
    height,
    quality: params.quality,
    easing: params.easing,
    timeline,
    renders: rendersFor(durationMs),
    timeoutMs: params.timeout,
    gifFramesMaxBytes: ANIMATE_LIMITS[options.plan].maxGifFramesMb * 1024 * 1024,
  };
}
