/**
 * What a recording may be on each plan (D26): its length, its frame size and its frame rate, and
 * what it costs in renders. One table, read by the validate step (403 above the caller's plan,
 * 400 above every plan), the schema's ranges, the docs, OpenAPI and the pricing page. Client-safe.
 */
import { PLAN_IDS, type PlanId } from "@/lib/plans";

export interface AnimateLimits {
  /** Longest video in milliseconds. */
  maxDurationMs: number;
  /** Largest frame in output pixels: the long side and the short side (portrait frames fit too). */
  maxLongSide: number;
  maxShortSide: number;
  maxFps: number;
  /**
   * A gif's frames, kept on disk for its second pass (the palette is made from all of them): the
   * most one recording may keep, in MiB. A recording that grows past it is stopped (422).
   */
  maxGifFramesMb: number;
}

export const ANIMATE_LIMITS: Record<PlanId, AnimateLimits> = {
  free: { maxDurationMs: 5_000, maxLongSide: 1280, maxShortSide: 720, maxFps: 30, maxGifFramesMb: 64 },
  starter: { maxDurationMs: 15_000, maxLongSide: 1920, maxShortSide: 1080, maxFps: 30, maxGifFramesMb: 256 },
  pro: { maxDurationMs: 30_000, maxLongSide: 1920, maxShortSide: 1080, maxFps: 30, maxGifFramesMb: 512 },
  business: { maxDurationMs: 60_000, maxLongSide: 2560, maxShortSide: 1440, maxFps: 60, maxGifFramesMb: 1_024 },
};

const largest = <K extends keyof AnimateLimits>(key: K): number =>
  Math.max(...PLAN_IDS.map((id) => ANIMATE_LIMITS[id][key]));

/** The schema's own ranges: the most any plan allows (a value above the caller's plan is a 403). */
export const ANIMATE_MAX = {
  durationMs: largest("maxDurationMs"),
  longSide: largest("maxLongSide"),
  fps: largest("maxFps"),
};

/**
 * A synchronous request records at most this much video; a longer one (up to the plan's limit) is
 * an async job (POST /v1/jobs with endpoint "animate"), so no connection is held for minutes.
 */
export const SYNC_MAX_DURATION_MS = 10_000;

/** A finished file larger than this many MiB is refused (422 output_too_large) and not stored; ANIMATE_OUTPUT_MAX_MB may lower it. */
export const OUTPUT_MAX_MB = 50;

/** One render of the monthly quota for every started span of this much video (D26). */
export const MS_PER_RENDER = 5_000;

/** What a recording of this length counts against the monthly renders. */
export function rendersFor(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / MS_PER_RENDER));
}

/** The lowest plan whose limits allow this, for the 403's "requires the … plan" (undefined: none). */
export function lowestPlanAllowing(fits: (limits: AnimateLimits) => boolean): PlanId | undefined {
  return PLAN_IDS.find((id) => fits(ANIMATE_LIMITS[id]));
}
