/**
 * Where the page is in each frame (D26), computed from frame numbers alone — never from how long
 * anything took — so every frame moves the page by what one frame interval of the easing says. Pure.
 */
import { ease } from "./easing";
import type { Easing } from "./params";

/**
 * Progress (0–1) of a motion `moveFrames` long at its k-th frame (0-based). After a held first
 * view (`heldBefore`) the first moving frame already moves and the last arrives; a motion that is
 * the video's very first frames starts where it stands, so the first frame shows the start too.
 */
export function motionProgress(k: number, moveFrames: number, heldBefore: boolean): number {
  if (moveFrames <= 0) return 1;
  return heldBefore ? (k + 1) / moveFrames : moveFrames === 1 ? 1 : k / (moveFrames - 1);
}

/** The scroll offset (CSS px, whole) of every frame of a scroll video. */
export function scrollOffsets(
  timeline: { startFrames: number; moveFrames: number; endFrames: number },
  from: number,
  to: number,
  easing: Easing,
): number[] {
  const offsets: number[] = [];
  for (let i = 0; i < timeline.startFrames; i++) offsets.push(from);
  for (let k = 0; k < timeline.moveFrames; k++) {
    const p = ease(easing, motionProgress(k, timeline.moveFrames, timeline.startFrames > 0));
    offsets.push(Math.round(from + (to - from) * p));
  }
  for (let i = 0; i < timeline.endFrames; i++) offsets.push(to);
  return offsets;
}

/**
 * How many of `length` characters a `type` step has typed by its k-th frame of `frames`: evenly
 * over the first four fifths of the step, so the finished text stays in view for the rest.
 */
export function charactersTyped(k: number, frames: number, length: number): number {
  const typingFrames = Math.max(1, Math.floor(frames * 0.8));
  return Math.min(length, Math.ceil(((k + 1) * length) / typingFrames));
}
