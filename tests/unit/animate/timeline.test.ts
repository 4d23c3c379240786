/** Frame positions (D26): the easings of CSS, a scroll's offsets per frame, a type step's characters per frame. */
import { describe, expect, it } from "vitest";
import { ease } from "@/lib/animate/easing";
import { charactersTyped, scrollOffsets } from "@/lib/animate/timeline";

describe("easing", () => {
  it("follows CSS's curves: ends fixed, ease-in slow first, ease-out fast first, ease-in-out symmetric", () => {
    for (const e of ["linear", "ease", "ease-in", "ease-out", "ease-in-out"] as const) {
      expect(ease(e, 0)).toBe(0);
      expect(ease(e, 1)).toBe(1);
    }
    expect(ease("linear", 0.3)).toBeCloseTo(0.3, 10);
    expect(ease("ease-in", 0.5)).toBeCloseTo(0.3153, 3); // CSS cubic-bezier(0.42, 0, 1, 1) at x = 0.5
    expect(ease("ease-out", 0.5)).toBeCloseTo(0.6847, 3);
    expect(ease("ease-in-out", 0.5)).toBeCloseTo(0.5, 6);
    expect(ease("ease-in-out", 0.2) + ease("ease-in-out", 0.8)).toBeCloseTo(1, 6);
  });

  it("agrees with the curves sampled densely, independently of how they are solved", () => {
    const curves = { ease: [0.25, 0.1, 0.25, 1], "ease-in": [0.42, 0, 1, 1], "ease-out": [0, 0, 0.58, 1] } as const;
    const b = (a: number, c: number, s: number) => 3 * a * (1 - s) ** 2 * s + 3 * c * (1 - s) * s * s + s ** 3;
    for (const [name, [x1, y1, x2, y2]] of Object.entries(curves)) {
      for (const x of [0.1, 0.25, 0.5, 0.75, 0.9]) {
        let s = 0;
        while (b(x1, x2, s) < x) s += 1e-6;
        expect(ease(name as keyof typeof curves, x), `${name} at ${x}`).toBeCloseTo(b(y1, y2, s), 4);
      }
    }
  });
});

describe("scrollOffsets", () => {
  it("holds the top, moves in equal steps with linear easing, holds the end", () => {
    const offsets = scrollOffsets({ startFrames: 2, moveFrames: 4, endFrames: 2 }, 0, 400, "linear");
    expect(offsets).toEqual([0, 0, 100, 200, 300, 400, 400, 400]);
  });

  it("starts at the top on the very first frame when there is no pause before the scroll", () => {
    expect(scrollOffsets({ startFrames: 0, moveFrames: 5, endFrames: 0 }, 0, 400, "linear")).toEqual([
      0, 100, 200, 300, 400,
    ]);
  });
});

describe("charactersTyped", () => {
  it("types evenly over four fifths of the step, then shows the whole text", () => {
    const frames = 10;
    expect(Array.from({ length: frames }, (_, k) => charactersTyped(k, frames, 4))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 4, 4,
    ]);
  });
});
