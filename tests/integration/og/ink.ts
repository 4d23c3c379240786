/**
 * Comparing text by its ink: a card and a reference are binarized (dark ink on a light
 * background), cropped to the ink's bounding box and compared pixel by pixel.
 */
import sharp from "sharp";

export interface Ink {
  width: number;
  height: number;
  /** Bounding box of the ink in the source image. */
  left: number;
  top: number;
  mask: Uint8Array;
}

/** Ink = pixels darker than mid grey over a white background; cropped to its bounding box. */
export async function inkOf(png: Buffer): Promise<Ink> {
  const { data, info } = await sharp(png)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [minX, minY, maxX, maxY] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < 128) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  if (maxX < 0) return { width: 0, height: 0, left: 0, top: 0, mask: new Uint8Array() };
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) mask[y * width + x] = data[(y + minY) * info.width + x + minX] < 128 ? 1 : 0;
  }
  return { width, height, left: minX, top: minY, mask };
}

/** Intersection over union of two ink masks laid over each other at their top-left corners. */
export function agreement(a: Ink, b: Ink): number {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const at = (ink: Ink, x: number, y: number) => (x < ink.width && y < ink.height ? ink.mask[y * ink.width + x] : 0);
  let both = 0;
  let either = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = at(a, x, y);
      const q = at(b, x, y);
      if (p && q) both++;
      if (p || q) either++;
    }
  }
  return either === 0 ? 0 : both / either;
}
