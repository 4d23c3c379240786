/**
 * The tiles a tall full page is captured in (D36): they cover the page exactly, each within
 * Chromium's texture and the tile pixel budget, cut where device pixels are whole at any scale.
 */
import { describe, expect, it } from "vitest";
import { planTiles, TILE_MAX_PIXELS } from "@/lib/screenshot/tiles";

describe("planTiles", () => {
  it.each([
    [40_000, 1280, 1],
    [40_000, 120, 2],
    [100_000, 1280, 1.25],
    [33_333, 3840, 3],
    [16_001, 390, 1.5],
  ])("%i CSS px at %i px wide and scale %f: covered once, in whole device rows", (height, width, scale) => {
    const tiles = planTiles(height, width, scale);
    let next = 0;
    for (const [index, tile] of tiles.entries()) {
      expect(tile.y).toBe(next);
      next += tile.height;
      expect(tile.height * scale).toBeLessThanOrEqual(8_192);
      expect(Math.ceil(width * scale) * tile.height * scale).toBeLessThanOrEqual(TILE_MAX_PIXELS);
      // Every tile but the last ends (and the next starts) at a whole device row.
      if (index < tiles.length - 1)
        expect(Math.abs(tile.height * scale - Math.round(tile.height * scale))).toBeLessThan(1e-9);
    }
    expect(next).toBe(height);
  });

  it("one tile when the page fits in one capture", () => {
    expect(planTiles(5_000, 1280, 1)).toEqual([{ y: 0, height: 5_000 }]);
  });
});
