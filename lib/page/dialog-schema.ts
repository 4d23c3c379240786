/**
 * One answered JavaScript dialog as every JSON answer that renders a page lists it (`dialogs`:
 * screenshots, recordings, content; lib/page/dialogs.ts answers them): one schema, so the answers
 * and their OpenAPI entries say the same.
 */
import { z } from "zod";

export const dialogRecordSchema = z.object({
  type: z.enum(["alert", "confirm", "prompt", "beforeunload"]),
  message: z.string().describe("The page's message (first 200 characters)."),
  answer: z.boolean().nullable().describe("What the page's call returned: true (accepted), false or null (dismissed)."),
});
