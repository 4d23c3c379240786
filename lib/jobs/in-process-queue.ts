/**
 * The queue of the embedded default (D20): job ids in this process's memory. It holds no state
 * worth keeping — the job rows do — so a restart loses nothing: the sweep finds the queued rows
 * and puts them back. A job that must wait (account at its limit, renderers busy) comes back
 * after its delay; meanwhile other accounts' jobs run.
 */
import type { JobQueue, ProcessJob } from "./job-queue";

export class InProcessQueue implements JobQueue {
  private readonly waiting: string[] = [];
  /** Every id waiting, delayed or running here: an id is on this queue at most once. */
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private processor?: ProcessJob;
  private concurrency = 0;
  private idle?: () => void;

  async enqueue(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      if (this.known.has(id)) continue;
      this.known.add(id);
      this.waiting.push(id);
    }
    this.pump();
  }

  start(processor: ProcessJob, concurrency: number): void {
    this.processor = processor;
    this.concurrency = concurrency;
    this.pump();
  }

  private later(id: string, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.processor) return void this.known.delete(id);
      this.waiting.push(id);
      this.pump();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private pump(): void {
    while (this.processor && this.running < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      this.running++;
      void this.processor(id)
        .catch(() => ({ retryInMs: 5_000 }))
        .then((result) => {
          this.running--;
          if (result.retryInMs !== undefined && this.processor) this.later(id, result.retryInMs);
          else this.known.delete(id);
          if (this.running === 0) this.idle?.();
          this.pump();
        });
    }
  }

  async close(): Promise<void> {
    this.processor = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.running > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    this.waiting.length = 0;
    this.known.clear();
  }
}
