/**
 * A job and a batch as the API shows them (D20): GET /v1/jobs/{id}, GET /v1/jobs/bulk/{id}, and
 * the data a completion webhook carries. `result` is the endpoint's own JSON answer (D7: imageUrl,
 * size, format…); `error` the problem+json the synchronous request would have answered (D1).
 */
import "server-only";
import { env } from "@/lib/env";
import type { BatchResponse, JobResponse } from "./schema";
import type { BatchRow, JobRow } from "./store";

export function jobStatusUrl(id: string): string {
  return `${env().APP_URL}/v1/jobs/${id}`;
}

function batchStatusUrl(id: string): string {
  return `${env().APP_URL}/v1/jobs/bulk/${id}`;
}

export function jobView(job: JobRow): JobResponse {
  // A render's file (D7), or a content job's stored document (D24).
  const resultUrl = job.result?.imageUrl ?? job.result?.resultUrl;
  return {
    id: job.id,
    status: job.state,
    // Only render jobs are shown as jobs: a monitor's runs are read through the monitor (D27).
    endpoint: job.endpoint as JobResponse["endpoint"],
    statusUrl: jobStatusUrl(job.id),
    ...(job.batch_id ? { batchId: job.batch_id } : {}),
    createdAt: job.created_at.toISOString(),
    startedAt: job.started_at?.toISOString() ?? null,
    finishedAt: job.finished_at?.toISOString() ?? null,
    ...(typeof resultUrl === "string" ? { resultUrl } : {}),
    ...(job.result ? { result: job.result } : {}),
    ...(job.stored ? { stored: job.stored as JobResponse["stored"] } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

export function batchView(batch: BatchRow, jobs: JobRow[]): BatchResponse {
  const counts = { queued: 0, running: 0, succeeded: 0, failed: 0 };
  for (const job of jobs) counts[job.state]++;
  return {
    id: batch.id,
    status: batch.finished_at ? ("finished" as const) : ("pending" as const),
    statusUrl: batchStatusUrl(batch.id),
    size: batch.size,
    counts,
    createdAt: batch.created_at.toISOString(),
    finishedAt: batch.finished_at?.toISOString() ?? null,
    jobs: jobs.map(jobView),
  };
}
