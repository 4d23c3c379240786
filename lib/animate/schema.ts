/**
 * The response=json answer of /v1/animate in zod (D7, D26): the one schema behind
 * AnimationMetadata, the OpenAPI document's `AnimationMetadata` and the integration tests'
 * response check (issue 49 point 4).
 */
import { z } from "zod";
import { formatsOf } from "@/lib/formats";
import { renderResultSchema } from "@/lib/results/schema";
import { pageFieldsSchema, pageSourceSchema } from "@/lib/screenshot/schema";
import { MS_PER_RENDER } from "./limits";

export const animationMetadataSchema = renderResultSchema
  .omit({ pages: true })
  .extend({
    ...pageSourceSchema.shape,
    width: z.int().describe("Video width in pixels."),
    height: z.int().describe("Video height in pixels."),
    format: z.enum(formatsOf("animate")),
    duration: z.int().describe("Length of the video in milliseconds (frames ÷ fps)."),
    frames: z.int().describe("Frames in the video, every one captured."),
    fps: z.int().describe("Frames per second."),
    codec: z.enum(["h264", "vp9", "gif"]),
    renders: z
      .int()
      .describe(
        `What the recording counted against the monthly renders: one per started ${MS_PER_RENDER / 1000} s of video (nothing on a HIT).`,
      ),
    ...pageFieldsSchema.shape,
  })
  .describe("The response=json answer of /v1/animate: the stored video, the recording and the page.");

export type AnimationMetadata = z.infer<typeof animationMetadataSchema>;
