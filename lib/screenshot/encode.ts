/**
 * The last step of an image capture: read its size, and resize it when imageWidth/imageHeight ask
 * (D19). The resized image is encoded again in the requested format and quality; a transparent
 * capture (omitBackground) keeps its alpha channel.
 */
import "server-only";
import sharp from "sharp";
import type { ResultExt } from "@/lib/results/types";
import type { PageSteps } from "./plan-page";

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export async function finishImage(
  bytes: Buffer,
  ext: Exclude<ResultExt, "pdf">,
  quality: number | undefined,
  resize: PageSteps["resize"],
): Promise<EncodedImage> {
  if (!resize) {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    return { bytes, width, height };
  }
  // Both sides: exactly that size. One side: the other follows the aspect ratio.
  let image = sharp(bytes).resize({
    width: resize.width,
    height: resize.height,
    fit: resize.width && resize.height ? "fill" : "inside",
  });
  if (ext === "png") image = image.png();
  else if (ext === "jpg") image = image.jpeg({ quality });
  else image = image.webp({ quality });
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
