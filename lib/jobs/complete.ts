/**
 * What happens when a job or a batch ends (D20): the one place completion is announced.
 * `announceJobEnd` runs inside the transaction that records the end (lib/jobs/claims.ts finishJob),
 * so the end and its webhook delivery commit together or not at all: a job ends once, and its
 * webhook is one delivery with one webhook-id (derived from the job's id, lib/webhooks/enqueue.ts)
 * even if the job were reported twice. A job of a batch has no webhook of its own; the batch's is
 * announced by the job that ends it. Sending is lib/webhooks' dispatcher's, after the commit.
 */
import "server-only";
import type { PoolClient } from "pg";
import { log } from "@/lib/log";
import { wakeWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { defaultWebhookUrl } from "@/lib/webhooks/settings";
import type { BatchRow, JobRow } from "./store";
import { batchView, jobView } from "./view";

/**
 * The hook finishJob runs in its transaction. The account's default URL is read before the
 * transaction begins, so nothing inside it waits for another connection (the embedded database
 * runs one transaction at a time: a second connection's read would wait for this one forever).
 */
export async function jobEndAnnouncer(
  userId: string,
): Promise<(client: PoolClient, ended: { job: JobRow; batch?: BatchRow }) => Promise<void>> {
  const fallbackUrl = await defaultWebhookUrl(userId);
  return async (client, { job, batch }) => {
    const jobUrl = job.webhook_url ?? fallbackUrl;
    if (!job.batch_id && jobUrl) {
      const type = job.state === "succeeded" ? "job.succeeded" : "job.failed";
      await enqueueWebhook(
        { userId: job.user_id, type, key: `job:${job.id}`, data: jobView(job), url: jobUrl },
        client,
      );
    }
    const batchUrl = batch ? (batch.webhook_url ?? fallbackUrl) : null;
    if (batch && batchUrl) {
      const jobs = (
        await client.query<JobRow>(`SELECT * FROM jobs WHERE batch_id = $1 ORDER BY created_at, id`, [batch.id])
      ).rows;
      await enqueueWebhook(
        {
          userId: batch.user_id,
          type: "batch.completed",
          key: `batch:${batch.id}`,
          data: batchView(batch, jobs),
          url: batchUrl,
        },
        client,
      );
    }
  };
}

/** After the end is committed: this instance's dispatcher sends at once rather than at its next poll. */
export function afterJobEnd(ended: { job: JobRow; batch?: BatchRow }): void {
  const { job, batch } = ended;
  log.info("job finished", {
    jobId: job.id,
    userId: job.user_id,
    state: job.state,
    batchId: job.batch_id ?? undefined,
    attempts: job.attempts,
  });
  if (batch) log.info("batch finished", { batchId: batch.id, userId: batch.user_id, size: batch.size });
  wakeWebhookDispatcher();
}
