/**
 * The job queue on Redis (D20): a BullMQ queue whose entries are job ids (BullMQ's job id is ours,
 * so putting a job on the queue twice is one entry). Every instance runs a worker, so work spreads
 * over the instances that are up. BullMQ's lock on an active entry lasts as long as our lease on
 * the job row: when an instance dies, its entries are stalled and handed to a live worker, which
 * claims the row once the dead instance's lease has run out.
 */
import "server-only";
import { DelayedError, Queue, Worker } from "bullmq";
import { log } from "@/lib/log";
import type { JobQueue, ProcessJob } from "./job-queue";

const QUEUE_NAME = "jobs";

/**
 * Connection options from REDIS_URL. BullMQ opens its own connections (with the ioredis version it
 * pins) rather than sharing the app's client: its workers block on Redis.
 */
export function redisOptions(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname.replace(/^\[|\]$/g, ""),
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: Number(u.pathname.slice(1) || 0),
    ...(u.protocol === "rediss:" ? { tls: {} } : {}),
    connectTimeout: 5_000,
  };
}

export class BullJobQueue implements JobQueue {
  private readonly queue: Queue;
  private worker?: Worker;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly lockMs: number,
  ) {
    // The producer fails fast on a dead Redis (the sweep enqueues later); workers block and wait.
    this.queue = new Queue(QUEUE_NAME, { connection: { ...redisOptions(url), maxRetriesPerRequest: 1 }, prefix });
    this.queue.on("error", (error) => log.warn("job queue error", { error }));
  }

  async enqueue(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.queue.addBulk(
      ids.map((id) => ({ name: "run", data: { id }, opts: { jobId: id, removeOnComplete: true, removeOnFail: true } })),
    );
  }

  start(processor: ProcessJob, concurrency: number): void {
    if (this.worker) return;
    this.worker = new Worker(
      QUEUE_NAME,
      async (entry, token) => {
        const { retryInMs } = await processor((entry.data as { id: string }).id);
        if (retryInMs === undefined) return;
        // Back on the queue for later without counting as a failure; others' jobs go first meanwhile.
        await entry.moveToDelayed(Date.now() + retryInMs, token);
        throw new DelayedError();
      },
      {
        connection: { ...redisOptions(this.url), maxRetriesPerRequest: null },
        prefix: this.prefix,
        concurrency,
        lockDuration: this.lockMs,
        stalledInterval: this.lockMs,
        // A stalled entry is always given to another worker: the job row decides whether it runs.
        maxStalledCount: 1_000,
      },
    );
    this.worker.on("error", (error) => log.warn("job worker error", { error }));
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
