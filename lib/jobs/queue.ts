/**
 * The job queue (D20): BullMQ on Redis when REDIS_URL is set, so every instance takes work from
 * one queue; otherwise (embedded default, Upstash's REST API, which BullMQ cannot use) a queue in
 * this process. Either way it carries only job ids: the job rows are the truth, so a lost entry is
 * found again by the sweep (lib/jobs/worker.ts), never a lost job.
 */
import "server-only";
import { env } from "@/lib/env";
import { InProcessQueue } from "./in-process-queue";
import type { JobQueue } from "./job-queue";

const QUEUE = Symbol.for("glance.jobs.queue");
const shared = globalThis as { [QUEUE]?: { config: string; queue: Promise<JobQueue> } };

async function createQueue(): Promise<JobQueue> {
  const e = env();
  if (e.REDIS_URL && !e.UPSTASH_REDIS_REST_URL) {
    const { BullJobQueue } = await import("./bullmq-queue");
    return new BullJobQueue(e.REDIS_URL, `${e.REDIS_PREFIX}bull`, e.JOBS_LEASE_SECONDS * 1000);
  }
  return new InProcessQueue();
}

/** This process's queue for the current configuration (shared across Next's bundles, like the database client). */
export function jobQueue(): Promise<JobQueue> {
  const e = env();
  const config = JSON.stringify([e.REDIS_URL, e.UPSTASH_REDIS_REST_URL, e.REDIS_PREFIX]);
  if (shared[QUEUE]?.config !== config) shared[QUEUE] = { config, queue: createQueue() };
  return shared[QUEUE].queue;
}

/** Closes the queue (tests, shutdown); the next jobQueue() makes a new one. */
export async function closeJobQueue(): Promise<void> {
  const current = shared[QUEUE];
  shared[QUEUE] = undefined;
  if (current) await (await current.queue).close();
}
