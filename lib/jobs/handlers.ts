/**
 * The /v1/jobs routes after the pipeline (D20). Accepting records the job row first, then puts
 * its id on the queue, then answers 202: a job that got its 202 exists, whatever the queue does
 * next. Reading goes through the pipeline too (a key, the rate limit) and shows only the
 * caller's account's jobs: another account's id is the same 404 as an id nobody has.
 */
import "server-only";
import { z } from "zod";
import type { ApiContext } from "@/lib/api/context";
import { type JsonOutcome, jsonOutcome } from "@/lib/api/outcome";
import { noParamsEndpoint } from "@/lib/api/no-params";
import { ApiError } from "@/lib/vocabulary/errors";
import type { JobRequest } from "./endpoint";
import type { bulkParams, JobParams } from "./params";
import { findBatch, findJob, insertBatch, insertJob } from "./store";
import { batchView, jobStatusUrl, jobView } from "./view";
import { enqueueJobs } from "./worker";

const NO_STORE = { "Cache-Control": "no-store" } as const;

/** Whose a new job is, and what it must still hold when it starts: its key, or its connected app (D20, D25). */
function jobOwner(ctx: ApiContext<unknown, unknown>) {
  const { userId, apiKeyId, oauthGrantId } = ctx.caller;
  return { userId, apiKeyId, oauthGrantId };
}

export async function handleCreateJob(ctx: ApiContext<JobParams, JobRequest>): Promise<JsonOutcome> {
  const job = await insertJob(jobOwner(ctx), ctx.validated, ctx.params.webhookUrl);
  await enqueueJobs([job.id]);
  const view = jobView(job);
  return jsonOutcome(view, { status: 202, headers: { ...NO_STORE, Location: jobStatusUrl(job.id) } });
}

export async function handleCreateBatch(
  ctx: ApiContext<z.output<typeof bulkParams>, JobRequest[]>,
): Promise<JsonOutcome> {
  const { batch, jobs } = await insertBatch(jobOwner(ctx), ctx.validated, ctx.params.webhookUrl);
  await enqueueJobs(jobs.map((job) => job.id));
  const view = batchView(batch, jobs);
  return jsonOutcome(view, { status: 202, headers: { ...NO_STORE, Location: view.statusUrl } });
}

/** GET /v1/jobs/{id} and /v1/jobs/bulk/{id}: no parameters, the id is the path's last segment. */
export const jobStatusEndpoint = noParamsEndpoint("jobs");

const ID_PATTERN = /^(job|batch)_[a-z0-9]{24}$/;

function idFrom(ctx: ApiContext<unknown, unknown>, kind: "job" | "batch"): string | undefined {
  const id = decodeURIComponent(ctx.path.split("/").pop() ?? "");
  return ID_PATTERN.test(id) && id.startsWith(`${kind}_`) ? id : undefined;
}

function notFound(kind: "job" | "batch"): ApiError {
  return new ApiError("job_not_found", `No ${kind} with this id belongs to this account.`);
}

export async function handleGetJob(ctx: ApiContext<unknown, unknown>): Promise<JsonOutcome> {
  const id = idFrom(ctx, "job");
  const job = id ? await findJob(id, ctx.caller.userId) : undefined;
  if (!job) throw notFound("job");
  return jsonOutcome(jobView(job), { headers: NO_STORE });
}

export async function handleGetBatch(ctx: ApiContext<unknown, unknown>): Promise<JsonOutcome> {
  const id = idFrom(ctx, "batch");
  const found = id ? await findBatch(id, ctx.caller.userId) : undefined;
  if (!found) throw notFound("batch");
  return jsonOutcome(batchView(found.batch, found.jobs), { headers: NO_STORE });
}
