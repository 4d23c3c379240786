/**
 * Monitors' schedules on Redis (D27): one BullMQ job scheduler per active monitor
 * (`upsertJobScheduler`, key `monitor:<id>`) on the queue `monitor-ticks`. BullMQ keeps exactly one
 * pending job per scheduler and makes the next when one is taken, so every tick is one BullMQ job
 * whatever the number of instances; each instance runs a worker for them. A tick job only records
 * the run (a job row named by its tick, deduplicated by the database) and puts it on the job queue:
 * the run itself is an async job (D20), with its lease and its sweep. The schedulers are rebuilt
 * from PostgreSQL, the truth, at start and every RECONCILE_MS.
 */
import "server-only";
import { Queue, Worker } from "bullmq";
import { redisOptions } from "@/lib/jobs/bullmq-queue";
import { log } from "@/lib/log";
import { type MonitorRow, scheduleOf } from "./store";

const QUEUE_NAME = "monitor-ticks";

const schedulerKey = (monitorId: string) => `monitor:${monitorId}`;

export type TickHandler = (monitorId: string, tick: Date) => Promise<void>;

export class BullMonitorSchedule {
  private readonly queue: Queue;
  private worker?: Worker;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection: { ...redisOptions(url), maxRetriesPerRequest: 1 }, prefix });
    this.queue.on("error", (error) => log.warn("monitor schedule error", { error }));
  }

  /** The monitor's scheduler as its row says: created, changed, or removed (paused, deleted). */
  async sync(monitorId: string, monitor: MonitorRow | undefined): Promise<void> {
    if (!monitor || monitor.paused) {
      await this.queue.removeJobScheduler(schedulerKey(monitorId));
      return;
    }
    const schedule = scheduleOf(monitor);
    const repeat =
      "interval" in schedule
        ? // The first tick one interval after creation: a new monitor's first run is asked for at once (its baseline).
          { every: schedule.interval * 1000, startDate: monitor.created_at.getTime() + schedule.interval * 1000 }
        : { pattern: schedule.cron, tz: "UTC" };
    await this.queue.upsertJobScheduler(schedulerKey(monitor.id), repeat, {
      name: "tick",
      data: { monitorId: monitor.id },
      opts: { removeOnComplete: true, removeOnFail: true },
    });
  }

  /** Every active monitor has its scheduler, and no scheduler outlives its monitor. */
  async reconcile(active: MonitorRow[]): Promise<void> {
    const wanted = new Set(active.map((m) => schedulerKey(m.id)));
    for (const monitor of active) await this.sync(monitor.id, monitor);
    for (const scheduler of await this.queue.getJobSchedulers()) {
      const key = scheduler?.key;
      if (key && !wanted.has(key)) await this.queue.removeJobScheduler(key);
    }
  }

  start(onTick: TickHandler, concurrency: number): void {
    if (this.worker) return;
    this.worker = new Worker(
      QUEUE_NAME,
      async (entry) => {
        // The scheduler names each tick's job `repeat:<key>:<tick in ms>`.
        const tick = Number(String(entry.id).split(":").pop());
        await onTick(
          (entry.data as { monitorId: string }).monitorId,
          new Date(Number.isFinite(tick) ? tick : entry.timestamp),
        );
      },
      { connection: { ...redisOptions(this.url), maxRetriesPerRequest: null }, prefix: this.prefix, concurrency },
    );
    this.worker.on("error", (error) => log.warn("monitor tick worker error", { error }));
  }

  async close(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
    await this.queue.close();
  }
}
