/**
 * How /v1/og encodes each of its output formats (lib/formats.ts, D31): a satori SVG (rasterized
 * at 1 px per unit) or the browser engine's PNG, through sharp. Settings favour speed over the
 * last few percent of size: these are flat-colour cards, and the result is cached for days (D4)
 * anyway. Keyed by every OG format, so a format added for "og" fails to compile until it is here.
 */
import "server-only";
import sharp, { type Sharp } from "sharp";
import type { OgFormat } from "@/lib/og/params";

const OG_ENCODERS: Record<OgFormat, (image: Sharp, quality: number) => Sharp> = {
  png: (image) => image.png({ compressionLevel: 6, adaptiveFiltering: false }),
  // JPEG has no alpha: a translucent bgColor is shown as it would look over white.
  jpg: (image, quality) => image.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: false }),
  webp: (image, quality) => image.webp({ quality, effort: 2, smartSubsample: false }),
};

/** SVG text from satori or PNG bytes from the browser engine → the requested format. */
export function encodeOg(svgOrPng: string | Buffer, format: OgFormat, quality: number): Promise<Buffer> {
  const image = typeof svgOrPng === "string" ? sharp(Buffer.from(svgOrPng), { density: 72 }) : sharp(svgOrPng);
  return OG_ENCODERS[format](image, quality).toBuffer();
}
