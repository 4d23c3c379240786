/**
 * The comparison (D27) on images made here, so every expected number is known exactly: pixelmatch
 * through sharp, masks, pages of different heights, the colour tolerance and the boxes.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Box } from "@/lib/diff/boxes";
import { changedBoxes, MAX_BOXES } from "@/lib/diff/boxes";
import { compareImages } from "@/lib/diff/compare";

type Rgb = [number, number, number];

/** A PNG of `width` × `height` in `background`, with filled rectangles. */
async function png(
  width: number,
  height: number,
  rects: Array<Box & { color: Rgb }> = [],
  background: Rgb = [255, 255, 255],
) {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...background, 255], i * 4);
  for (const r of rects)
    for (let y = r.y; y < r.y + r.height; y++)
      for (let x = r.x; x < r.x + r.width; x++) data.set([...r.color, 255], (y * width + x) * 4);
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const RED: Rgb = [220, 20, 60];
const options = { threshold: 0.1, includeAntialiasing: false };

describe("compareImages", () => {
  it("finds one changed rectangle exactly: ratio and box", async () => {
    const before = await png(200, 150);
    const after = await png(200, 150, [{ x: 40, y: 30, width: 50, height: 20, color: RED }]);
    const result = await compareImages({ bytes: after }, { bytes: before }, options);
    expect(result.changedPixels).toBe(1000);
    expect(result.changedRatio).toBeCloseTo(1000 / 30_000, 10);
    expect(result.boxes).toEqual([{ x: 40, y: 30, width: 50, height: 20 }]);
    const diff = await sharp(result.diffPng).metadata();
    expect([diff.format, diff.width, diff.height]).toEqual(["png", 200, 150]);
  });

  it("answers no change for identical images", async () => {
    const image = await png(120, 80, [{ x: 10, y: 10, width: 30, height: 30, color: RED }]);
    const result = await compareImages({ bytes: image }, { bytes: image }, options);
    expect([result.changedPixels, result.changedRatio, result.boxes]).toEqual([0, 0, []]);
  });

  it("keeps far-apart changes apart and merges near ones", async () => {
    const before = await png(400, 200);
    const after = await png(400, 200, [
      { x: 10, y: 10, width: 20, height: 20, color: RED },
      { x: 36, y: 10, width: 20, height: 20, color: RED }, // 6 px from the first: the same region
      { x: 300, y: 150, width: 30, height: 10, color: RED },
    ]);
    const result = await compareImages({ bytes: after }, { bytes: before }, options);
    expect(result.boxes).toEqual([
      { x: 10, y: 10, width: 46, height: 20 },
      { x: 300, y: 150, width: 30, height: 10 },
    ]);
  });

  it("masks ignored regions of either image in both", async () => {
    const before = await png(200, 100, [{ x: 0, y: 0, width: 60, height: 20, color: [0, 0, 0] }]);
    const after = await png(200, 100, [
      { x: 0, y: 0, width: 60, height: 20, color: RED },
      { x: 100, y: 60, width: 10, height: 10, color: RED },
    ]);
    const ignoredInBefore = await compareImages(
      { bytes: after },
      { bytes: before, ignore: [{ x: 0, y: 0, width: 60, height: 20 }] },
      options,
    );
    expect(ignoredInBefore.boxes).toEqual([{ x: 100, y: 60, width: 10, height: 10 }]);
    expect(ignoredInBefore.changedPixels).toBe(100);
  });

  it("counts what only one page has as changed when heights differ", async () => {
    const before = await png(200, 150);
    const after = await png(200, 180);
    const grew = await compareImages({ bytes: after }, { bytes: before }, options);
    expect(grew.height).toBe(180);
    expect(grew.changedPixels).toBe(200 * 30);
    expect(grew.boxes).toEqual([{ x: 0, y: 150, width: 200, height: 30 }]);
    const shrank = await compareImages({ bytes: before }, { bytes: after }, options);
    expect(shrank.boxes).toEqual([{ x: 0, y: 150, width: 200, height: 30 }]);
  });

  it("tolerates colour differences within threshold", async () => {
    const before = await png(100, 100, [], [255, 255, 255]);
    const after = await png(100, 100, [], [250, 250, 250]);
    expect((await compareImages({ bytes: after }, { bytes: before }, options)).changedPixels).toBe(0);
    const strict = await compareImages({ bytes: after }, { bytes: before }, { ...options, threshold: 0 });
    expect(strict.changedPixels).toBe(100 * 100);
  });
});

describe("anti-aliasing", () => {
  /** A dark disc drawn by sharp's SVG renderer (its edge anti-aliased), centred at `cx`. */
  const disc = (cx: number) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#fff"/><circle cx="${cx}" cy="50" r="30" fill="#1e293b"/></svg>`,
      ),
    )
      .png()
      .toBuffer();

  it("leaves out pixels that differ only by anti-aliasing, unless asked to count them", async () => {
    // A quarter-pixel shift changes only the edge's blended pixels.
    const [before, after] = await Promise.all([disc(50), disc(50.25)]);
    const counted = await compareImages({ bytes: after }, { bytes: before }, { ...options, includeAntialiasing: true });
    expect(counted.changedPixels).toBeGreaterThan(0);
    const ignored = await compareImages({ bytes: after }, { bytes: before }, options);
    expect(ignored.changedPixels).toBe(0);
  });
});

describe("changedBoxes", () => {
  it("answers at most MAX_BOXES boxes for a page that changed everywhere", () => {
    const width = 1000;
    const height = 1000;
    const changed = new Uint8Array(width * height);
    // A dot every 40 px: 625 regions at the default gap.
    for (let y = 0; y < height; y += 40) for (let x = 0; x < width; x += 40) changed[y * width + x] = 1;
    const boxes = changedBoxes(changed, width, height);
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.length).toBeLessThanOrEqual(MAX_BOXES);
    const covered = (x: number, y: number) =>
      boxes.some((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);
    for (let y = 0; y < height; y += 40) for (let x = 0; x < width; x += 40) expect(covered(x, y)).toBe(true);
  });
});
