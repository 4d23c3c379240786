/** The body of a /v1/diff answer (D27): typed for the handler, published as JSON Schema in the OpenAPI document. */
import { z } from "zod";

export const boxSchema = z
  .object({ x: z.int(), y: z.int(), width: z.int(), height: z.int() })
  .describe("A changed region's bounding box, in pixels of the diff image from its top-left corner.");

/** The figures of one comparison: the same in a /v1/diff answer and in a monitor's run. */
const comparisonFields = {
  changedRatio: z.number().min(0).max(1).describe("Changed pixels / all pixels of the compared area."),
  changedPixels: z.int(),
  boxes: z
    .array(boxSchema)
    .describe("The changed regions: changes within 16 px of each other are one box; at most 50 boxes."),
  width: z.int().describe("The compared area (the larger of the two images) and the diff image, in pixels."),
  height: z.int(),
  diffImageUrl: z
    .url()
    .describe("A PNG of the new capture, faded, with the changed pixels in red and each box outlined (a stored file)."),
};

export const diffResponseSchema = z.object({
  url: z.url(),
  compareUrl: z.url().optional(),
  compareTo: z.string().optional(),
  ...comparisonFields,
  imageUrl: z.url().describe("The capture of url (a stored file)."),
  compareImageUrl: z.url().describe("The image compared with: the capture of compareUrl, or what compareTo names."),
  threshold: z.number(),
  ignoreAntialiasing: z.boolean(),
  captures: z
    .object({
      url: z
        .record(z.string(), z.unknown())
        .describe("The capture of url as /v1/screenshot's response=json answers it."),
      compare: z.record(z.string(), z.unknown()).describe("The same for the image compared with."),
    })
    .describe("Each capture's metadata; `ignoredRegions` are the masked boxes in its pixels."),
});
