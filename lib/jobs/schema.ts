/** The bodies of the /v1/jobs answers (D20): typed for the handlers, published as JSON Schema in the OpenAPI document. */
import { z } from "zod";
import { JOB_TYPES } from "./types";

const JOB_STATES = ["queued", "running", "succeeded", "failed"] as const;

export const jobResponseSchema = z.object({
  id: z.string().describe("`job_` and 24 letters and digits."),
  status: z
    .enum(JOB_STATES)
    .describe(
      "queued → running → succeeded or failed. A job whose instance stopped goes back to queued and runs again.",
    ),
  endpoint: z.enum(JOB_TYPES),
  statusUrl: z.url().describe("GET it with your API key for the job's state."),
  batchId: z.string().optional().describe("The batch the job belongs to (POST /v1/jobs/bulk)."),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable().describe("When it first started running."),
  finishedAt: z.iso.datetime().nullable(),
  resultUrl: z
    .url()
    .optional()
    .describe(
      "The stored result (GET /v1/files/…), when it succeeded: the same as result.imageUrl, or for content the stored document (result.resultUrl).",
    ),
  result: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "When it succeeded: the endpoint's response=json answer (ScreenshotMetadata, OgMetadata or ContentResult).",
    ),
  stored: z
    .object({
      bucket: z.string(),
      key: z.string().describe("`<prefix><job id>.<ext>`"),
      contentType: z.string(),
      size: z.int().describe("Bytes uploaded."),
    })
    .optional()
    .describe(
      "When it succeeded and was asked with store=true: where the result was uploaded in the account's bucket.",
    ),
  error: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "When it failed: the problem+json (RFC 9457) the synchronous request would have answered, or for a job with store=true whose upload failed `502 storage_upload_failed`, or `401 api_key_revoked` (or `401 api_key_paused`) when its key was revoked (or paused) before it started, or `401 oauth_grant_revoked` when the connected app (MCP OAuth) it was started through was disconnected before it started: it did not run and was not charged.",
    ),
});

export const batchResponseSchema = z.object({
  id: z.string().describe("`batch_` and 24 letters and digits."),
  status: z.enum(["pending", "finished"]).describe("finished once every job of the batch has ended."),
  statusUrl: z.url(),
  size: z.int(),
  counts: z.object({ queued: z.int(), running: z.int(), succeeded: z.int(), failed: z.int() }),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  jobs: z.array(jobResponseSchema),
});

export type JobResponse = z.infer<typeof jobResponseSchema>;
export type BatchResponse = z.infer<typeof batchResponseSchema>;
