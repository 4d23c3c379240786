/**
 * The response=json answer of /v1/og in zod (D7, D21): the one schema behind OgMetadata, the
 * OpenAPI document's `OgMetadata` and the integration tests' response check (issue 49 point 4).
 */
import { z } from "zod";
import { formatsOf } from "@/lib/formats";
import { renderResultSchema } from "@/lib/results/schema";

export const ogMetadataSchema = renderResultSchema
  .omit({ pages: true })
  .extend({
    template: z.string().describe("The template rendered."),
    width: z.int().describe("Image width in pixels."),
    height: z.int().describe("Image height in pixels."),
    format: z.enum(formatsOf("og")),
    render: z
      .object({
        engine: z.enum(["satori", "chromium"]),
        shaping: z
          .array(z.enum(["rtl", "complex", "missing-glyph"]))
          .optional()
          .describe("Why Chromium was needed."),
        scripts: z
          .array(z.string())
          .optional()
          .describe("The scripts that needed it, e.g. Arabic, Devanagari, Hangul."),
        engineMs: z.int().describe("Milliseconds the engine took, layout to encoded image."),
      })
      .describe(
        "Which engine drew the card (D21): satori, or Chromium for text satori cannot shape (right-to-left and complex scripts) or has no glyph for; and what that took.",
      ),
  })
  .describe("The response=json answer of /v1/og: the stored card, its template and the engine that drew it.");

export type OgMetadata = z.infer<typeof ogMetadataSchema>;
