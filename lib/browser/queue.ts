/**
 * Admission control for renders (D17): at most `slots` renders run at once; the rest wait in a
 * bounded queue, and a request is only let in if it can start in time.
 *
 * - Deadline-aware: a render may wait for a slot at most START_SHARE of its timeout. A request
 *   whose estimated wait (the renders ahead of it, spread over the slots, at the recent render
 *   duration) is longer is refused at once with 503 `renderer_busy` and a `Retry-After`; one that
 *   was admitted but still has no slot when its share is spent leaves with the same 503. So a
 *   request is refused early, never left to time out with a 504 while it waited.
 * - Fair between accounts: one account holds at most `slots - 1` slots (one is always left for
 *   everybody else), and freed slots go round-robin over the accounts that wait, so a burst from
 *   one account queues behind itself, not in front of others.
 * - Bounded: at most MAX_WAITING_PER_SLOT × slots requests wait, whatever the estimate says.
 * - Background renders last (D22): the samples this server makes of itself (the landing page's
 *   captures, the docs' recordings) are nobody's request. One runs at a time, only when no request
 *   waits and a slot stays free after it (on a single slot: only when it is idle), so the first
 *   visitor's demo capture never queues or shares the machine with a burst of them. They are not
 *   refused for a busy renderer: they wait, within their deadline.
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { log } from "@/lib/log";
import { metrics } from "@/lib/observability/metrics";
import type { Deadline } from "./deadline";
import { timeoutError } from "./deadline";

/** The share of a request's timeout it may spend waiting for a render slot. */
export const START_SHARE = 0.25;
const MAX_WAITING_PER_SLOT = 4;
/** What a render is assumed to take before any has finished. */
const INITIAL_RENDER_MS = 3_000;
/** Weight of the newest render in the running average of render durations. */
const SMOOTHING = 0.2;
/** Waits kept for the queue report. */
const RECENT_WAITS = 100;

interface Waiter {
  account: string;
  enqueuedAt: number;
  grant: () => void;
  background?: boolean;
}

export interface QueueReport {
  slots: number;
  running: number;
  waiting: number;
  /** Running average of how long a render holds its slot. */
  renderMs: number;
  /** Over the last RECENT_WAITS renders admitted: median and 95th percentile wait for a slot. */
  waitMs: { p50: number; p95: number };
  /** Requests refused with 503 renderer_busy since start. */
  refused: number;
}

function rendererBusy(retryAfterMs: number, detail: string): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError("renderer_busy", `${detail} Retry in ${seconds} s.`, {
    headers: { "Retry-After": String(seconds) },
  });
}

export class RenderQueue {
  private active = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waitingBy = new Map<string, Waiter[]>();
  /** Accounts with waiters, in round-robin order: the next slot goes to the first eligible one. */
  private turn: string[] = [];
  private averageRenderMs = INITIAL_RENDER_MS;
  private readonly waits: number[] = [];
  private refusals = 0;
  /** Background renders waiting, first come first served, and whether one holds a slot. */
  private readonly background: Waiter[] = [];
  private backgroundRunning = false;

  constructor(private readonly slots: number) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    let n = 0;
    for (const list of this.waitingBy.values()) n += list.length;
    return n;
  }

  /** Most slots one account may hold: all but one, so others always find one (D17). */
  private get accountCap(): number {
    return Math.max(1, this.slots - 1);
  }

  report(): QueueReport {
    const sorted = [...this.waits].sort((a, b) => a - b);
    const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
    return {
      slots: this.slots,
      running: this.active,
      waiting: this.waiting,
      renderMs: Math.round(this.averageRenderMs),
      waitMs: { p50: at(0.5), p95: at(0.95) },
      refused: this.refusals,
    };
  }

  /**
   * Resolves with a release function once a slot is free (call it exactly once); rejects with
   * 503 renderer_busy when the render cannot start within its share of the deadline.
   */
  acquire(deadline: Deadline, account = "", options: { background?: boolean } = {}): Promise<() => void> {
    if (options.background) return this.acquireInBackground(deadline);
    const maxWaitMs = Math.min(deadline.remaining(), deadline.totalMs * START_SHARE);
    const estimate = this.estimatedWaitMs(account);
    if (this.waiting >= this.slots * MAX_WAITING_PER_SLOT || estimate > maxWaitMs) {
      return Promise.reject(this.refuse(estimate, account, "at admission"));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        account,
        enqueuedAt: Date.now(),
        grant: () => {
          clearTimeout(timer);
          deadline.signal?.removeEventListener("abort", abandon);
          resolve(this.releaser(waiter));
        },
      };
      const leave = (error: Error) => {
        clearTimeout(timer);
        deadline.signal?.removeEventListener("abort", abandon);
        if (!this.remove(waiter)) return; // already granted
        reject(error);
      };
      const abandon = () => leave(timeoutError(deadline.totalMs));
      const timer = setTimeout(
        () => leave(this.refuse(this.estimatedWaitMs(account), account, "after waiting")),
        maxWaitMs,
      );
      deadline.signal?.addEventListener("abort", abandon, { once: true });
      this.enqueue(waiter);
      this.pump();
    });
  }

  /** A background render's slot (see the top): granted by pump() when nothing else wants it. */
  private acquireInBackground(deadline: Deadline): Promise<() => void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        account: "",
        enqueuedAt: Date.now(),
        background: true,
        grant: () => {
          clearTimeout(timer);
          deadline.signal?.removeEventListener("abort", leave);
          resolve(this.releaser(waiter));
        },
      };
      const leave = () => {
        clearTimeout(timer);
        deadline.signal?.removeEventListener("abort", leave);
        const index = this.background.indexOf(waiter);
        if (index < 0) return; // already granted
        this.background.splice(index, 1);
        reject(timeoutError(deadline.totalMs));
      };
      const timer = setTimeout(leave, deadline.remaining());
      deadline.signal?.addEventListener("abort", leave, { once: true });
      this.background.push(waiter);
      this.pump();
    });
  }

  /**
   * Roughly how long a new request of `account` would wait: the waiters served before it under
   * round-robin (its own queue, and from each other account at most one more than that), plus
   * one, spread over the slots, at the recent render duration.
   */
  private estimatedWaitMs(account: string): number {
    const own = this.waitingBy.get(account)?.length ?? 0;
    const atCap = (this.runningBy.get(account) ?? 0) >= this.accountCap;
    if (this.active < this.slots && !atCap && this.waiting === 0) return 0;
    let ahead = own;
    for (const [other, list] of this.waitingBy) if (other !== account) ahead += Math.min(list.length, own + 1);
    return ((ahead + 1) / this.slots) * this.averageRenderMs;
  }

  private refuse(estimateMs: number, account: string, when: string): ApiError {
    this.refusals++;
    log.warn("render refused: renderers busy", {
      when,
      account: account || undefined,
      running: this.active,
      waiting: this.waiting,
      estimateMs: Math.round(estimateMs),
    });
    return rendererBusy(
      Math.max(estimateMs, this.averageRenderMs),
      "Every renderer is busy and this render could not start within a quarter of its timeout.",
    );
  }

  private enqueue(waiter: Waiter): void {
    let list = this.waitingBy.get(waiter.account);
    if (!list) {
      this.waitingBy.set(waiter.account, (list = []));
      this.turn.push(waiter.account);
    }
    list.push(waiter);
  }

  private remove(waiter: Waiter): boolean {
    const list = this.waitingBy.get(waiter.account);
    const index = list?.indexOf(waiter) ?? -1;
    if (!list || index < 0) return false;
    list.splice(index, 1);
    if (list.length === 0) {
      this.waitingBy.delete(waiter.account);
      this.turn = this.turn.filter((a) => a !== waiter.account);
    }
    return true;
  }

  /** Hands free slots to waiters, round-robin over accounts below their cap; then to a background render. */
  private pump(): void {
    while (this.active < this.slots) {
      const account = this.turn.find((a) => (this.runningBy.get(a) ?? 0) < this.accountCap);
      if (account === undefined) break;
      const waiter = this.waitingBy.get(account)![0];
      this.remove(waiter);
      // Served: its account goes to the back of the line if it still waits.
      if (this.waitingBy.has(account)) this.turn = [...this.turn.filter((a) => a !== account), account];
      this.active++;
      this.runningBy.set(account, (this.runningBy.get(account) ?? 0) + 1);
      const waitMs = Date.now() - waiter.enqueuedAt;
      this.waits.push(waitMs);
      metrics().queueWaitSeconds.observe(waitMs / 1000);
      if (this.waits.length > RECENT_WAITS) this.waits.shift();
      log.info("render started", {
        account: account || undefined,
        waitMs,
        running: this.active,
        waiting: this.waiting,
      });
      waiter.grant();
    }
    const next = this.background[0];
    if (!next || this.backgroundRunning || this.waiting > 0 || this.active >= Math.max(1, this.slots - 1)) return;
    this.background.shift();
    this.backgroundRunning = true;
    this.active++;
    log.info("render started", { background: true, waitMs: Date.now() - next.enqueuedAt, running: this.active });
    next.grant();
  }

  private releaser(waiter: Waiter): () => void {
    const startedAt = Date.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.averageRenderMs += SMOOTHING * (Date.now() - startedAt - this.averageRenderMs);
      this.active--;
      if (waiter.background) this.backgroundRunning = false;
      else {
        const held = (this.runningBy.get(waiter.account) ?? 1) - 1;
        if (held > 0) this.runningBy.set(waiter.account, held);
        else this.runningBy.delete(waiter.account);
      }
      this.pump();
    };
  }
}
