/**
 * Bounded concurrency with a FIFO queue: at most `limit` renders hold a slot; the rest wait in
 * arrival order. A waiter whose deadline passes leaves the queue with a 504 instead of holding a
 * place it can no longer use.
 */
import type { Deadline } from "./deadline";
import { timeoutError } from "./deadline";

interface Waiter {
  grant: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class RenderQueue {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly limit: number) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves with a release function once a slot is free; call it exactly once. */
  acquire(deadline: Deadline): Promise<() => void> {
    if (this.active < this.limit && this.waiters.length === 0) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          deadline.signal?.removeEventListener("abort", leave);
          resolve(this.releaser());
        },
        reject,
        timer: setTimeout(() => leave(), deadline.remaining()),
      };
      const leave = () => {
        clearTimeout(waiter.timer);
        deadline.signal?.removeEventListener("abort", leave);
        const index = this.waiters.indexOf(waiter);
        if (index < 0) return; // already granted
        this.waiters.splice(index, 1);
        reject(timeoutError(deadline.totalMs));
      };
      deadline.signal?.addEventListener("abort", leave, { once: true });
      this.waiters.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (next) next.grant();
      else this.active--;
    };
  }
}
