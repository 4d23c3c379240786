/**
 * What an upload to the brand kit must be (D21, Brand kit): fonts that satori itself can parse
 * (web fonts unpacked and variable fonts checked to instance first, D33 point 9),
 * images decoded and re-encoded by sharp into a PNG we made. SVG is refused outright when it holds
 * script, event handlers, foreignObject or a reference outside the document (svg-screen.ts, which
 * parses the markup and its CSS), and otherwise rasterized on upload: what is stored and drawn is always a bitmap, never markup.
 */
import "server-only";
import { createElement } from "react";
import satori from "satori";
import sharp from "sharp";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { instanceAt, locationOf, variationAxesOf, type Axes } from "@/lib/og/brand-fonts";
import { containerOf, FontUnpackError, unpackWebFont } from "./font-files";
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

/** A font as the brand kit stores it: always TrueType or OpenType (sfnt), never a web font. */
export interface StoredFont {
  bytes: Buffer;
  contentType: "font/ttf" | "font/otf";
}

/**
 * Checks a font file and returns what is stored (D33 point 9): TTF and OTF as they are, WOFF and
 * WOFF2 unpacked to the font they wrap (within the size limit, checked before unpacking), a
 * variable font after cutting static instances at the ends of its weight range — the renderer's
 * own parser (satori) must read the font, or each of those instances, or the upload is refused.
 */
export async function checkFont(upload: Buffer): Promise<StoredFont> {
  if (upload.length === 0) throw new BrandAssetError("The font file is empty.");
  const limit = `${mb(BRAND_LIMITS.fontMaxBytes)}`;
  if (upload.length > BRAND_LIMITS.fontMaxBytes) throw new BrandAssetError(`The font is larger than ${limit}.`);
  const container = containerOf(upload);
  if (!container) throw new BrandAssetError("This is not a TTF, OTF, WOFF or WOFF2 font file.");
  let bytes = upload;
  if (container === "woff" || container === "woff2") {
    try {
      bytes = await unpackWebFont(upload, container, BRAND_LIMITS.fontMaxBytes);
    } catch (error) {
      const declared = error instanceof FontUnpackError ? error.declaredBytes : undefined;
      throw new BrandAssetError(
        declared === undefined
          ? `The ${container.toUpperCase()} file could not be unpacked (damaged or not a font).`
          : `The ${container.toUpperCase()} file unpacks to ${(declared / 1024 / 1024).toFixed(1)} MB, more than the ${limit} a font may be.`,
      );
    }
  }
  const contentType = containerOf(bytes) === "otf" ? "font/otf" : "font/ttf";
  let axes: Axes | null;
  try {
    axes = variationAxesOf(bytes);
  } catch {
    throw new BrandAssetError("The font file could not be read (damaged or not a font).");
  }
  if (!axes) {
    await probe(bytes, "The font file could not be read (damaged or not a font).");
    return { bytes, contentType };
  }
  const weights = axes.wght ? [axes.wght.min, axes.wght.max] : [400];
  for (const weight of new Set(weights)) {
    let instance: Buffer;
    try {
      instance = await instanceAt(bytes, locationOf(axes, { weight, style: "normal" }));
    } catch {
      throw new BrandAssetError(
        "This variable font could not be made into static fonts for the renderer; upload its static TTF or OTF files instead.",
      );
    }
    await probe(
      instance,
      "This variable font's static instances cannot be read by the renderer; upload its static TTF or OTF files instead.",
    );
  }
  return { bytes, contentType };
}

/** The renderer's own parser: a font that passes here is one a render can use. */
async function probe(font: Buffer, refusal: string): Promise<void> {
  try {
    await satori(createElement("div", { style: { display: "flex", fontFamily: "Probe" } }, "Aa"), {
      width: 40,
      height: 20,
      fonts: [{ name: "Probe", data: font, weight: 400, style: "normal" }],
    });
  } catch {
    throw new BrandAssetError(refusal);
  }
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
