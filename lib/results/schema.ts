/**
 * What every render's response=json answer says of its stored file (D7), in zod: the base each
 * endpoint's metadata schema extends (screenshot, OG, animate), the type resultJson answers, and
 * through zodSchema their OpenAPI components and the tests' response check (issue 49 point 4).
 */
import { z } from "zod";

export const renderResultSchema = z.object({
  imageUrl: z
    .url()
    .describe("Where the stored file is served (GET /v1/files/{file}); no API key needed, valid until expiresAt."),
  width: z.int().describe("Output width in pixels."),
  height: z.int().describe("Output height in pixels."),
  format: z.string().describe("The output format."),
  size: z.int().describe("File size in bytes."),
  cachedAt: z
    .int()
    .nullable()
    .describe("Unix time in milliseconds at which the result was cached; null when freshly rendered (X-Cache: MISS)."),
  expiresAt: z.int().describe("Unix time in milliseconds after which the stored result (and imageUrl) is gone."),
  renderTime: z.int().describe("Milliseconds the render took (the original render's time on a HIT)."),
  pages: z.int().optional().describe("Number of pages (PDF only)."),
});

export type RenderResult = z.infer<typeof renderResultSchema>;
