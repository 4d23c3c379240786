/** The bodies of the /v1/monitors answers (D27), published as JSON Schema in the OpenAPI document. */
import { z } from "zod";
import { boxSchema } from "@/lib/diff/schema";

const STATES = ["queued", "running", "succeeded", "failed"] as const;

export const runResponseSchema = z.object({
  id: z.string().describe("`job_` and 24 letters and digits: a run is an async job of the monitor's."),
  monitorId: z.string(),
  status: z.enum(STATES),
  trigger: z.enum(["schedule", "manual"]).describe("A tick of the schedule, or asked for (creation, run now)."),
  scheduledFor: z.iso.datetime().nullable().describe("The tick a scheduled run belongs to: one run per tick."),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  result: z
    .object({
      changed: z.boolean().describe("changedRatio went past the monitor's threshold: this run alerted."),
      changedRatio: z.number().optional().describe("Absent on the first run, which only takes the baseline."),
      changedPixels: z.int().optional(),
      boxes: z.array(boxSchema).optional(),
      imageUrl: z.url().describe("This run's capture."),
      diffImageUrl: z.url().optional(),
      baselineImageUrl: z.url().optional().describe("The capture it was compared with."),
      baselineRunId: z.string().optional(),
      baselineUpdated: z.boolean().describe("This run's capture is the baseline from now on."),
    })
    .loose()
    .optional()
    .describe("When it succeeded."),
  error: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("When it failed: the problem+json a request would have answered."),
});

export const monitorResponseSchema = z.object({
  id: z.string().describe("`mon_` and 24 letters and digits."),
  name: z.string().nullable(),
  url: z.url(),
  status: z.enum(["active", "paused"]),
  schedule: z.union([z.object({ interval: z.int() }), z.object({ cron: z.string() })]),
  nextRunAt: z.iso.datetime().nullable(),
  threshold: z.number(),
  pixelThreshold: z.number(),
  ignoreAntialiasing: z.boolean(),
  ignoreSelectors: z.string().nullable(),
  baseline: z.enum(["rolling", "fixed"]),
  webhookUrl: z.url().nullable(),
  email: z.string().nullable(),
  capture: z.record(z.string(), z.unknown()).describe("The capture options given (headers and cookies never shown)."),
  sealedOptions: z.array(z.string()).optional().describe("Options kept sealed (headers, cookies): names only."),
  baselineImageUrl: z.url().optional(),
  runsUrl: z.url(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  firstRun: runResponseSchema.optional().describe("On creation: the run that takes the baseline, asked for at once."),
});
