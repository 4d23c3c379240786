/**
 * What happens when a job or a batch ends (D20): the one place completion is announced. Called
 * exactly once per job end (finishJob's conditional update decides who), after the end is
 * recorded, so a webhook never announces an outcome GET /v1/jobs/{id} does not show yet.
 */
import "server-only";
import { log } from "@/lib/log";
import type { BatchRow, JobRow } from "./store";

export async function onJobFinished(job: JobRow): Promise<void> {
  log.info("job finished", { jobId: job.id, userId: job.user_id, state: job.state, batchId: job.batch_id ?? undefined, attempts: job.attempts });
}

export async function onBatchFinished(batch: BatchRow): Promise<void> {
  log.info("batch finished", { batchId: batch.id, userId: batch.user_id, size: batch.size });
}
