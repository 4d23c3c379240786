/**
 * What an upload to the brand kit must be (D21, Brand kit): fonts that satori itself can parse,
 * images decoded and re-encoded by sharp into a PNG we made. SVG is refused outright when it holds
 * script, event handlers, foreignObject or a reference outside the document (svg-screen.ts, which
 * parses the markup and its CSS), and otherwise rasterized on upload: what is stored and drawn is always a bitmap, never markup.
 */
import "server-only";
import { createElement } from "react";
import satori from "satori";
import sharp from "sharp";
import { BrandedError } from "@/lib/api/branded-error";
import { svgProblem } from "./svg-screen";

export const BRAND_LIMITS = {
  fontMaxBytes: 2 * 1024 * 1024,
  imageMaxBytes: 2 * 1024 * 1024,
  /** Decoded pixel cap against decompression bombs. */
  maxPixels: 40_000_000,
  /** Longest side of the stored PNG: enough for a logo on a 4096 px card. */
  imageSide: 2048,
  fonts: 20,
  images: 50,
  colors: 50,
} as const;

/** A refused upload, written for the person uploading. */
export class BrandAssetError extends BrandedError {
  static readonly brand: string = "glance.BrandAssetError";
  constructor(message: string) {
    super(message);
    this.name = "BrandAssetError";
  }
}

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** Checks a font file parses (TTF, OTF or WOFF, as satori reads them); returns its content type. */
export async function checkFont(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw new BrandAssetError("The font file is empty.");
  if (bytes.length > BRAND_LIMITS.fontMaxBytes)
    throw new BrandAssetError(`The font is larger than ${mb(BRAND_LIMITS.fontMaxBytes)}.`);
  const magic = bytes.subarray(0, 4).toString("latin1");
  if (magic === "wOF2")
    throw new BrandAssetError("WOFF2 fonts cannot be drawn by the renderer; upload the TTF, OTF or WOFF file.");
  const type =
    magic === "wOFF"
      ? "font/woff"
      : magic === "OTTO"
        ? "font/otf"
        : magic === "\u0000\u0001\u0000\u0000" || magic === "true"
          ? "font/ttf"
          : null;
  if (!type) throw new BrandAssetError("This is not a TTF, OTF or WOFF font file.");
  try {
    // The renderer's own parser: a font that passes here is one a render can use.
    await satori(createElement("div", { style: { display: "flex", fontFamily: "Probe" } }, "Aa"), {
      width: 40,
      height: 20,
      fonts: [{ name: "Probe", data: bytes, weight: 400, style: "normal" }],
    });
  } catch {
    throw new BrandAssetError("The font file could not be read (damaged or not a font).");
  }
  return type;
}

/** Decodes an image (PNG, JPEG or SVG) and returns the PNG that is stored and drawn. */
export async function toBrandPng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new BrandAssetError("The image file is empty.");
  if (bytes.length > BRAND_LIMITS.imageMaxBytes)
    throw new BrandAssetError(`The image is larger than ${mb(BRAND_LIMITS.imageMaxBytes)}.`);
  // Markup of any kind is screened (the screen refuses what is not well-formed XML); PNG and JPEG
  // never start with "<".
  const isMarkup = bytes.subarray(0, 1024).toString("utf8").trimStart().startsWith("<");
  if (isMarkup) {
    const refused = svgProblem(bytes.toString("utf8"));
    if (refused) throw new BrandAssetError(`The SVG contains ${refused}; upload a plain SVG or a PNG.`);
  }
  let format: string | undefined;
  try {
    const image = sharp(bytes, {
      limitInputPixels: BRAND_LIMITS.maxPixels,
      animated: false,
      failOn: "error",
      density: isMarkup ? 144 : undefined,
    });
    format = (await image.metadata()).format;
    // libvips also reads gzip-compressed SVG (svgz), which the screen above never saw.
    if (format === "svg" && !isMarkup) format = "compressed svg";
    if (format !== "png" && format !== "jpeg" && format !== "svg") throw new Error("format");
    return await image
      .rotate()
      .resize(BRAND_LIMITS.imageSide, BRAND_LIMITS.imageSide, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 6 })
      .toBuffer();
  } catch {
    throw new BrandAssetError(
      format && !["png", "jpeg", "svg"].includes(format)
        ? `${format} images are not accepted; upload PNG, JPEG or (uncompressed) SVG.`
        : "The image could not be read; upload a PNG, JPEG or SVG file.",
    );
  }
}
