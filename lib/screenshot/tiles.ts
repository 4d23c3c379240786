/**
 * Full pages taller than Chromium can capture at once (D36): Chromium draws a capture into one
 * GPU texture of at most 16,384 px a side, and a taller capture comes back with its lower part
 * repeated or blank. A tall page is captured in horizontal tiles (a clip each, beyond the
 * viewport, with the page scrolled to the top throughout) and stitched by sharp.
 *
 * - Every row once: tiles are cut at CSS heights whose device pixels are whole numbers, so each
 *   tile's rows start exactly where the previous one's end, at any deviceScale.
 * - Fixed and sticky elements once: the page is not scrolled between tiles (each tile is a clip of
 *   the document laid out at scroll 0), so a fixed header is drawn where it stands at the top of
 *   the page and nowhere else, exactly as in a single capture.
 * - Memory: the tiles are kept as Chromium's PNG (compressed), and libvips joins them into the
 *   output encoder strip by strip; the whole image is never held decoded. At most: the PNG tiles,
 *   the output file, and one tile decoded in Chromium (TILE_MAX_PIXELS × 4 bytes = 64 MB).
 */
import "server-only";
import type { Page } from "puppeteer-core";
import sharp from "sharp";
import type { Deadline } from "@/lib/browser";
import { SCREENSHOT_ENCODINGS, type ImageFormat } from "./encode";

/** Device rows of one tile: half Chromium's texture limit. */
const TILE_DEVICE_ROWS = 8_192;
/** Device pixels of one tile at most: 16 Mpx, 64 MB of RGBA in Chromium. */
export const TILE_MAX_PIXELS = 16_777_216;
/** The largest denominator of deviceScale tried when looking for whole-pixel tile heights. */
const MAX_SCALE_DENOMINATOR = 100;

export interface Tile {
  /** CSS px from the top of the page. */
  y: number;
  height: number;
}

/** The smallest CSS height whose device height is a whole number (1 for integer scales, 4 for 1.25). */
function wholePixelUnit(scale: number): number {
  for (let unit = 1; unit <= MAX_SCALE_DENOMINATOR; unit++) {
    if (Math.abs(unit * scale - Math.round(unit * scale)) < 1e-9) return unit;
  }
  return 1;
}

/** The tiles that cover `height` CSS px of a page `width` CSS px wide at `scale`; one when it fits at once. */
export function planTiles(height: number, width: number, scale: number): Tile[] {
  const unit = wholePixelUnit(scale);
  const rowsByPixels = Math.floor(TILE_MAX_PIXELS / Math.ceil(width * scale));
  const deviceRows = Math.min(TILE_DEVICE_ROWS, rowsByPixels);
  const tileHeight = Math.max(unit, Math.floor(deviceRows / scale / unit) * unit);
  const tiles: Tile[] = [];
  for (let y = 0; y < height; y += tileHeight) tiles.push({ y, height: Math.min(tileHeight, height - y) });
  return tiles;
}

/**
 * The page's top `height` CSS px in `format` (PNG when `lossless`, for a resize to encode once),
 * captured tile by tile and stitched; one tile is one capture in the format itself.
 */
export async function shootTiles(
  page: Page,
  options: { width: number; height: number; scale: number; omitBackground: boolean },
  output: { format: ImageFormat; quality?: number; lossless: boolean },
  deadline: Deadline,
): Promise<Buffer> {
  const tiles = planTiles(options.height, options.width, options.scale);
  const encoding = SCREENSHOT_ENCODINGS[output.format];
  const single = tiles.length === 1;
  const captureType = output.lossless || !single ? "png" : encoding.capture;
  const shots: Buffer[] = [];
  for (const tile of tiles) {
    const shot = await deadline.race(
      page.screenshot({
        type: captureType,
        quality: captureType === "png" ? undefined : output.quality,
        optimizeForSpeed: true,
        captureBeyondViewport: true,
        omitBackground: options.omitBackground,
        clip: { x: 0, y: tile.y, width: options.width, height: tile.height },
      }),
    );
    shots.push(Buffer.from(shot));
  }
  if (single) return shots[0];
  return deadline.race(stitch(shots, output));
}

/** The tiles one under the other, encoded once; each tile's rows exactly once. */
async function stitch(tiles: Buffer[], output: { format: ImageFormat; quality?: number; lossless: boolean }) {
  const sizes = await Promise.all(tiles.map((tile) => sharp(tile).metadata()));
  const width = sizes[0].width;
  const height = sizes.reduce((sum, size) => sum + size.height, 0);
  // arrayjoin gives every cell the tallest tile's height: the last, shorter tile's padding is cut off.
  let joined = sharp(tiles, { join: { across: 1 }, limitInputPixels: false }).extract({
    left: 0,
    top: 0,
    width,
    height,
  });
  const encoding = SCREENSHOT_ENCODINGS[output.format];
  if (output.lossless || encoding.capture === "png") return joined.png().toBuffer();
  joined = encoding.resize(joined, output.quality);
  return joined.toBuffer();
}
