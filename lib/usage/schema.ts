/** The body of GET /v1/usage (D18): typed for the handler, published as JSON Schema in the OpenAPI document. */
import { z } from "zod";
import { PLAN_IDS } from "@/lib/plans";

export const usageResponseSchema = z
  .object({
    plan: z.object({ id: z.enum(PLAN_IDS), name: z.string() }),
    period: z
      .object({
        start: z.iso.datetime().describe("Start of the quota period (the UTC calendar month), inclusive."),
        end: z.iso.datetime().describe("End of the quota period, exclusive: renders reset then."),
      })
      .describe("The monthly quota period."),
    renders: z
      .object({
        limit: z.int().describe("Renders (cache misses) the plan allows per period."),
        used: z.int().describe("Renders counted this period (the counter the quota is enforced against)."),
        remaining: z.int().describe("limit - used, never below 0."),
      })
      .describe("Cache hits are free and not counted."),
    requests: z
      .object({
        used: z
          .int()
          .describe("Requests this period, all answers; written in batches, so it can trail by about a second."),
      })
      .describe("Every /v1 request with a valid key."),
    sessionMinutes: z
      .object({
        used: z
          .int()
          .describe("Minutes of live browser sessions that ended this period, each rounded up to a whole minute."),
      })
      .describe("Live browser sessions (/v1/browser), metered by their length."),
    rateLimit: z
      .object({
        limit: z.int().describe("Requests allowed per window (all of the account's keys together)."),
        remaining: z.int().describe("Requests left in the current window, this one included."),
        reset: z.int().describe("Seconds until the window resets."),
        windowSeconds: z.int(),
      })
      .describe("Same figures as the RateLimit-* headers."),
  })
  .describe("The account's plan, quota period, renders and rate window.");

export type UsageResponse = z.infer<typeof usageResponseSchema>;
