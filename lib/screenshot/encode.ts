/**
 * How /v1/screenshot makes each of its output formats (lib/formats.ts, D31), and the last step of
 * an image capture: read its size, and resize it when imageWidth/imageHeight ask (D19). Chromium
 * captures an image in the requested format itself; a capture that will be resized is taken as
 * PNG and encoded once, by sharp, in the requested format and quality (a transparent capture,
 * omitBackground, keeps its alpha channel). A PDF is printed, never resized. Keyed by every
 * screenshot format, so a format added for "screenshot" fails to compile until it is here.
 */
import "server-only";
import sharp, { type Sharp } from "sharp";
import type { OUTPUT_FORMATS } from "@/lib/formats";
import type { PageSteps } from "@/lib/page/page-plan";
import type { ScreenshotFormat } from "./params";

/** The image types Chromium writes itself (Page.captureScreenshot's `type`), by media type. */
interface ChromiumWrites {
  "image/png": "png";
  "image/jpeg": "jpeg";
  "image/webp": "webp";
}

type Encode = (image: Sharp, quality: number | undefined) => Sharp;
type MimeOf<F extends ScreenshotFormat> = (typeof OUTPUT_FORMATS)[F]["mime"];

/**
 * How one format is made, held to the registry's media type by the compiler (issue 49): a PDF is
 * printed; a format Chromium writes is captured in exactly that type (`capture` must name it), and
 * encoded by sharp only to resize; any other image format (say avif) is captured as PNG and
 * always encoded (`transcode: true`), so its bytes are what its media type says.
 */
type EncodingOf<F extends ScreenshotFormat> =
  MimeOf<F> extends "application/pdf"
    ? { capture: "pdf" }
    : MimeOf<F> extends keyof ChromiumWrites
      ? { capture: ChromiumWrites[MimeOf<F>]; resize: Encode }
      : { capture: "png"; resize: Encode; transcode: true };

export const SCREENSHOT_ENCODINGS = {
  png: { capture: "png", resize: (image) => image.png() },
  jpg: { capture: "jpeg", resize: (image, quality) => image.jpeg({ quality }) },
  webp: { capture: "webp", resize: (image, quality) => image.webp({ quality }) },
  pdf: { capture: "pdf" },
} as const satisfies { [F in ScreenshotFormat]: EncodingOf<F> };

/** The formats Chromium captures as an image (everything but a printed PDF). */
export type ImageFormat = {
  [F in ScreenshotFormat]: (typeof SCREENSHOT_ENCODINGS)[F]["capture"] extends "pdf" ? never : F;
}[ScreenshotFormat];

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export async function finishImage(
  bytes: Buffer,
  format: ImageFormat,
  quality: number | undefined,
  resize: PageSteps["resize"],
): Promise<EncodedImage> {
  const encoding: { resize: Encode; transcode?: true } = SCREENSHOT_ENCODINGS[format];
  if (!resize && !encoding.transcode) {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    return { bytes, width, height };
  }
  // Both sides: exactly that size. One side: the other follows the aspect ratio.
  const resized = resize
    ? sharp(bytes).resize({
        width: resize.width,
        height: resize.height,
        fit: resize.width && resize.height ? "fill" : "inside",
      })
    : sharp(bytes);
  const image = encoding.resize(resized, quality);
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
