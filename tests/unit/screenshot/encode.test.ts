/**
 * The output-format registry drives what a screenshot's bytes are (issue 49): for every image
 * format the screenshot offers, the bytes finishImage hands on — as Chromium captured them, or
 * resized — are of the registry's media type, which is what the result is served as. A format
 * added to the registry whose encoding does not make its own bytes fails here (and, when Chromium
 * cannot write it, already at compile time: lib/screenshot/encode.ts EncodingOf). The stored images
 * a comparison reads (lib/diff/reference.ts) are the same registry's.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseCompareTo } from "@/lib/diff/reference";
import { env } from "@/lib/env";
import { formatsOf, OUTPUT_FORMATS } from "@/lib/formats";
import { finishImage, type ImageFormat, SCREENSHOT_ENCODINGS } from "@/lib/screenshot/encode";

const IMAGE_FORMATS = formatsOf("screenshot").filter(
  (f): f is ImageFormat => SCREENSHOT_ENCODINGS[f].capture !== "pdf",
);

/** What Chromium would hand over for `format`: an image in the encoding's capture type. */
async function captured(format: ImageFormat): Promise<Buffer> {
  const image = sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } });
  return image.toFormat(SCREENSHOT_ENCODINGS[format].capture).toBuffer();
}

async function mediaTypeOf(bytes: Buffer): Promise<string> {
  return `image/${(await sharp(bytes).metadata()).format}`;
}

describe("a screenshot's bytes are of the format the registry names", () => {
  it("covers every image format the screenshot offers", () => {
    expect(IMAGE_FORMATS.length).toBeGreaterThanOrEqual(3);
    for (const format of IMAGE_FORMATS) expect(OUTPUT_FORMATS[format].mime).toMatch(/^image\//);
  });

  for (const format of IMAGE_FORMATS) {
    it(`${format}: as captured and resized`, async () => {
      const bytes = await captured(format);
      const asIs = await finishImage(bytes, format, 80, undefined);
      expect(await mediaTypeOf(asIs.bytes)).toBe(OUTPUT_FORMATS[format].mime);
      const resized = await finishImage(bytes, format, 80, { width: 20 });
      expect(await mediaTypeOf(resized.bytes)).toBe(OUTPUT_FORMATS[format].mime);
      expect([resized.width, resized.height]).toEqual([20, 15]);
    });
  }
});

describe("compareTo names stored images in the registry's image formats", () => {
  const key = "a".repeat(64);
  it("accepts each image format the screenshot offers, and no other", () => {
    for (const format of IMAGE_FORMATS)
      expect(parseCompareTo(`${env().APP_URL}/v1/files/${key}.${format}`)).toEqual({
        kind: "result",
        key,
        ext: format,
      });
    for (const other of Object.keys(OUTPUT_FORMATS).filter((f) => !IMAGE_FORMATS.includes(f as ImageFormat)))
      expect(() => parseCompareTo(`${key}.${other}`)).toThrow(/compareTo must be/);
  });
});
