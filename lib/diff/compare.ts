/**
 * Comparing two captures (D27): decoded by sharp, compared pixel by pixel by pixelmatch (per-pixel
 * colour tolerance `threshold`, anti-aliased pixels detected and left out unless asked for), the
 * changed pixels grouped into boxes (boxes.ts) and drawn over the new capture as a PNG.
 *
 * - Regions to ignore (the ignoreSelectors' elements of either capture) are masked in both.
 * - Pages of different sizes: the comparison covers the larger of the two; a pixel that exists in
 *   only one capture (content added below, a page that got shorter) is a changed pixel.
 * - changedRatio is changed pixels over all pixels of that area.
 * - Very large captures (a tall full page at deviceScale 3) are scaled down together to at most
 *   MAX_COMPARED_PIXELS first, so one comparison's memory stays bounded; boxes and the diff image
 *   are then in the scaled pixels, and `width`/`height` say which.
 */
import "server-only";
import pixelmatch from "pixelmatch";
import sharp from "sharp";
import { type Box, changedBoxes } from "./boxes";

/** About a 1920 × 16,384 page: 128 MB per RGBA copy, a handful of copies during one comparison. */
const MAX_COMPARED_PIXELS = 32_000_000;

export interface CompareOptions {
  /** pixelmatch's per-pixel colour distance (OKLab), 0–1: 0 exact, 0.1 its default. */
  threshold: number;
  /** Count anti-aliased pixels as changed (pixelmatch's includeAA). */
  includeAntialiasing: boolean;
}

export interface Comparison {
  /** Pixels of the compared area (and of the diff image). */
  width: number;
  height: number;
  changedPixels: number;
  changedRatio: number;
  boxes: Box[];
  /** The new capture faded, changed pixels in red, boxes outlined, ignored regions tinted. */
  diffPng: Buffer;
}

export interface CompareImage {
  bytes: Buffer;
  /** Regions to leave out, in this image's pixels. */
  ignore?: readonly Box[];
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(bytes: Buffer, scale: number): Promise<Raw> {
  const meta = await sharp(bytes).metadata();
  let image = sharp(bytes).ensureAlpha();
  if (scale < 1 && meta.width && meta.height) {
    image = image.resize(Math.max(1, Math.round(meta.width * scale)), Math.max(1, Math.round(meta.height * scale)), {
      fit: "fill",
    });
  }
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The image on a transparent canvas of width × height (its top-left corner at 0,0). */
function padded(image: Raw, width: number, height: number): Buffer {
  if (image.width === width && image.height === height) return image.data;
  const out = Buffer.alloc(width * height * 4);
  const rowBytes = image.width * 4;
  for (let y = 0; y < image.height; y++) image.data.copy(out, y * width * 4, y * rowBytes, (y + 1) * rowBytes);
  return out;
}

function markBoxes(mask: Uint8Array, boxes: readonly Box[] | undefined, scale: number, width: number, height: number) {
  for (const box of boxes ?? []) {
    const x0 = Math.max(0, Math.floor(box.x * scale));
    const y0 = Math.max(0, Math.floor(box.y * scale));
    const x1 = Math.min(width, Math.ceil((box.x + box.width) * scale));
    const y1 = Math.min(height, Math.ceil((box.y + box.height) * scale));
    for (let y = y0; y < y1; y++) mask.fill(1, y * width + x0, y * width + Math.max(x0, x1));
  }
}

/** The scale both captures are compared at: 1, or less when together they would be too large. */
async function comparisonScale(after: Buffer, before: Buffer): Promise<number> {
  const [a, b] = await Promise.all([sharp(after).metadata(), sharp(before).metadata()]);
  const pixels = Math.max(a.width ?? 0, b.width ?? 0) * Math.max(a.height ?? 0, b.height ?? 0);
  return pixels > MAX_COMPARED_PIXELS ? Math.sqrt(MAX_COMPARED_PIXELS / pixels) : 1;
}

export async function compareImages(
  after: CompareImage,
  before: CompareImage,
  options: CompareOptions,
): Promise<Comparison> {
  const scale = await comparisonScale(after.bytes, before.bytes);
  const [a, b] = await Promise.all([decode(after.bytes, scale), decode(before.bytes, scale)]);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const pixels = width * height;

  const ignored = new Uint8Array(pixels);
  markBoxes(ignored, after.ignore, scale, width, height);
  markBoxes(ignored, before.ignore, scale, width, height);
  // pixelmatch compares the overlap; what lies outside it is counted below.
  const skip = Uint8Array.from(ignored);
  const overlapW = Math.min(a.width, b.width);
  const overlapH = Math.min(a.height, b.height);
  for (let y = 0; y < height; y++) {
    if (y >= overlapH) skip.fill(1, y * width, (y + 1) * width);
    else if (overlapW < width) skip.fill(1, y * width + overlapW, (y + 1) * width);
  }

  const afterPixels = padded(a, width, height);
  const mask = Buffer.alloc(pixels * 4);
  pixelmatch(afterPixels, padded(b, width, height), mask, width, height, {
    threshold: options.threshold,
    includeAA: options.includeAntialiasing,
    diffMask: true,
    diffColor: [255, 0, 0],
    aaColor: [255, 255, 0],
    ignoreMask: skip,
  });

  const changed = new Uint8Array(pixels);
  let changedPixels = 0;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const inA = x < a.width && y < a.height;
      const inB = x < b.width && y < b.height;
      // A counted difference is drawn in diffColor (an excluded anti-aliased pixel in aaColor).
      const differs = inA !== inB ? ignored[i] === 0 : mask[i * 4 + 3] > 0 && mask[i * 4 + 1] === 0;
      if (differs) {
        changed[i] = 1;
        changedPixels++;
      }
    }
  }
  const boxes = changedBoxes(changed, width, height);
  const diffPng = await drawDiff({ afterPixels, a, width, height, changed, ignored, boxes });
  return { width, height, changedPixels, changedRatio: pixels === 0 ? 0 : changedPixels / pixels, boxes, diffPng };
}

const FADE = 0.3; // share of the capture kept under the white veil
const CHANGED = [225, 29, 72] as const;
const IGNORED_TINT = [148, 163, 184] as const;
const OUTSIDE = [226, 232, 240] as const;
const STROKE = 2;

async function drawDiff(d: {
  afterPixels: Buffer;
  a: Raw;
  width: number;
  height: number;
  changed: Uint8Array;
  ignored: Uint8Array;
  boxes: Box[];
}): Promise<Buffer> {
  const { afterPixels, a, width, height, changed, ignored, boxes } = d;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const p = i * 4;
      let rgb: readonly number[];
      if (changed[i]) rgb = CHANGED;
      else if (x >= a.width || y >= a.height) rgb = OUTSIDE;
      else {
        const alpha = afterPixels[p + 3] / 255;
        const veil = (c: number) => 255 - FADE * alpha * (255 - c);
        rgb = [veil(afterPixels[p]), veil(afterPixels[p + 1]), veil(afterPixels[p + 2])];
        if (ignored[i]) rgb = rgb.map((c, k) => (c + IGNORED_TINT[k]) / 2);
      }
      out[p] = rgb[0];
      out[p + 1] = rgb[1];
      out[p + 2] = rgb[2];
      out[p + 3] = 255;
    }
  }
  for (const box of boxes) strokeBox(out, width, height, box);
  return sharp(out, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** A STROKE-pixel outline just outside the box, so the changed pixels themselves stay visible. */
function strokeBox(out: Buffer, width: number, height: number, box: Box): void {
  const x0 = Math.max(0, box.x - STROKE);
  const y0 = Math.max(0, box.y - STROKE);
  const x1 = Math.min(width - 1, box.x + box.width - 1 + STROKE);
  const y1 = Math.min(height - 1, box.y + box.height - 1 + STROKE);
  const paint = (x: number, y: number) => {
    const p = (y * width + x) * 4;
    out[p] = CHANGED[0];
    out[p + 1] = CHANGED[1];
    out[p + 2] = CHANGED[2];
  };
  for (let s = 0; s < STROKE; s++) {
    for (let x = x0; x <= x1; x++) {
      paint(x, Math.min(y1, y0 + s));
      paint(x, Math.max(y0, y1 - s));
    }
    for (let y = y0; y <= y1; y++) {
      paint(Math.min(x1, x0 + s), y);
      paint(Math.max(x0, x1 - s), y);
    }
  }
}
