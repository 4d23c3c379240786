/**
 * What a job queue is (D20), apart from which one is used (lib/jobs/queue.ts chooses): it carries
 * only job ids, and both implementations (bullmq-queue.ts, in-process-queue.ts) answer to this.
 */

/** What processing one job id answered: done (or not ours to do), or "again in retryInMs". */
export type ProcessJob = (id: string) => Promise<{ retryInMs?: number }>;

export interface JobQueue {
  enqueue(ids: readonly string[]): Promise<void>;
  /** Starts consuming: `concurrency` jobs of this instance at once. */
  start(processor: ProcessJob, concurrency: number): void;
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
}
