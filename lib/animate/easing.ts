/**
 * The CSS timing functions a scroll may follow (`easing`, D26): progress in [0, 1] → position in
 * [0, 1], as the CSS Easing specification defines linear, ease, ease-in, ease-out and ease-in-out
 * (cubic Bézier curves through (0,0) and (1,1)). Pure.
 */
import type { Easing } from "./params";

const CURVES: Record<Exclude<Easing, "linear">, [number, number, number, number]> = {
  ease: [0.25, 0.1, 0.25, 1],
  "ease-in": [0.42, 0, 1, 1],
  "ease-out": [0, 0, 0.58, 1],
  "ease-in-out": [0.42, 0, 0.58, 1],
};

/** One coordinate of a cubic Bézier with end points 0 and 1 and control values a, b at parameter s. */
function bezier(a: number, b: number, s: number): number {
  const r = 1 - s;
  return 3 * a * r * r * s + 3 * b * r * s * s + s * s * s;
}

function bezierSlope(a: number, b: number, s: number): number {
  const r = 1 - s;
  return 3 * a * r * r + 6 * (b - a) * r * s + 3 * (1 - b) * s * s;
}

/** Solves x(s) = x for s: Newton's method, falling back to bisection where the slope is flat. */
function solveCurve(x1: number, x2: number, x: number): number {
  let s = x;
  for (let i = 0; i < 8; i++) {
    const error = bezier(x1, x2, s) - x;
    if (Math.abs(error) < 1e-7) return s;
    const slope = bezierSlope(x1, x2, s);
    if (Math.abs(slope) < 1e-6) break;
    s -= error / slope;
  }
  let low = 0;
  let high = 1;
  s = x;
  while (high - low > 1e-7) {
    if (bezier(x1, x2, s) < x) low = s;
    else high = s;
    s = (low + high) / 2;
  }
  return s;
}

export function ease(easing: Easing, progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  if (easing === "linear" || p === 0 || p === 1) return p;
  const [x1, y1, x2, y2] = CURVES[easing];
  return bezier(y1, y2, solveCurve(x1, x2, p));
}
