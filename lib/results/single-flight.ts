/**
 * Single flight (D6): identical requests in flight at the same time render once.
 *
 * In one process, requests for the same key share one "flight" (a promise). Across instances,
 * when Redis/Upstash is configured, the flight that wins `SET lock NX PX` renders (the leader);
 * the others poll the small lock key with a short backoff and, once it is gone, read the result
 * from the shared store. If the leader failed or died (its lock expired) there is no result, and
 * the followers compete for the lock again.
 *
 * Each waiting request leaves at its own deadline. The render itself is not tied to the request
 * that started it: it keeps going while anyone waits, and for `orphanGraceMs` after the last
 * waiter left, so a client that retries after a 504 joins the same render (or finds it stored)
 * instead of paying for a new one. Only a render nobody came back for is aborted, which frees
 * the browser.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import type { RedisLike } from "@/lib/redis";
import { resultRedisKey } from "@/lib/results/redis-store";
import type { ResultStore, StoredResult } from "@/lib/results/types";
import { BrandedError } from "@/lib/vocabulary/branded-error";

/** stored: was already in the store (a HIT); rendered: this flight rendered it; waited: another request did. */
type FlightSource = "stored" | "rendered" | "waited";

export interface FlightOutcome {
  result: StoredResult;
  source: FlightSource;
}

/** Renders and stores the result; called at most once per flight, by the leader. */
export type Producer = (signal: AbortSignal) => Promise<StoredResult>;

export interface SingleFlightOptions {
  /** Lock lifetime; the leader extends it every third of this while it renders. */
  lockTtlMs: number;
  pollMinMs: number;
  pollMaxMs: number;
  /** How long a render runs on after its last waiter has gone. */
  orphanGraceMs: number;
}

const SINGLE_FLIGHT_DEFAULTS: SingleFlightOptions = {
  lockTtlMs: 30_000,
  pollMinMs: 20,
  pollMaxMs: 250,
  orphanGraceMs: 15_000,
};

/** A waiter's deadline passed before the result was ready. */
export class DeadlineExceeded extends BrandedError {
  static readonly brand: string = "glance.DeadlineExceeded";
  constructor() {
    super("deadline exceeded while waiting for the result");
    this.name = "DeadlineExceeded";
  }
}

interface Flight {
  promise: Promise<FlightOutcome>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
  orphanTimer?: NodeJS.Timeout;
}

// Delete the lock only if we still own it; extend it only if we still own it.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

export class SingleFlight {
  private readonly flights = new Map<string, Flight>();
  private readonly options: SingleFlightOptions;

  constructor(
    private readonly store: ResultStore,
    private readonly redis: RedisLike | null,
    options: Partial<SingleFlightOptions> = {},
  ) {
    this.options = { ...SINGLE_FLIGHT_DEFAULTS, ...options };
  }

  /** Flights currently in progress in this process (for tests and metrics). */
  get inFlight(): number {
    return this.flights.size;
  }

  /**
   * The stored result for `key`, rendering it via `produce` if needed and no one else is.
   * Rejects with DeadlineExceeded at `deadline` (epoch ms), with the flight's error if the render
   * failed, or with the signal's reason if `signal` (the client's request) aborts first.
   */
  async run(
    key: string,
    produce: Producer,
    wait: { deadline: number; signal?: AbortSignal; fresh?: boolean },
  ): Promise<FlightOutcome> {
    const fresh = wait.fresh === true;
    // A result held in this process's memory needs no flight, timer or abort listener.
    const kept = fresh ? null : this.store.peek?.(key);
    if (kept) return { result: kept, source: "stored" };
    // fresh=true (D19) never takes what is stored, so it never joins a flight that may answer
    // from the store: identical fresh requests share their own flight, which renders and replaces.
    const flightKey = fresh ? `${key}:fresh` : key;
    let flight = this.flights.get(flightKey);
    const joined = flight !== undefined;
    if (!flight) {
      const controller = new AbortController();
      const created: Flight = { controller, waiters: 0, settled: false, promise: Promise.resolve() as never };
      const flown = fresh
        ? produce(controller.signal).then((result): FlightOutcome => ({ result, source: "rendered" }))
        : this.fly(key, produce, controller.signal);
      created.promise = flown.finally(() => {
        created.settled = true;
        clearTimeout(created.orphanTimer);
        if (this.flights.get(flightKey) === created) this.flights.delete(flightKey);
      });
      // A flight whose waiters all left must not surface as an unhandled rejection.
      created.promise.catch(() => {});
      this.flights.set(flightKey, created);
      flight = created;
    }
    const outcome = await this.wait(flight, wait.deadline, wait.signal);
    return joined && outcome.source === "rendered" ? { ...outcome, source: "waited" } : outcome;
  }

  private wait(flight: Flight, deadline: number, signal?: AbortSignal): Promise<FlightOutcome> {
    flight.waiters++;
    clearTimeout(flight.orphanTimer);
    flight.orphanTimer = undefined;
    return new Promise<FlightOutcome>((resolve, reject) => {
      let done = false;
      const finish = (): boolean => {
        if (done) return false;
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.leave(flight);
        return true;
      };
      const onAbort = () => finish() && reject(signal?.reason ?? new Error("request aborted"));
      const timer = setTimeout(() => finish() && reject(new DeadlineExceeded()), Math.max(0, deadline - Date.now()));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      flight.promise.then(
        (outcome) => finish() && resolve(outcome),
        (error: unknown) => finish() && reject(error),
      );
    });
  }

  private leave(flight: Flight): void {
    flight.waiters--;
    if (flight.waiters > 0 || flight.settled) return;
    flight.orphanTimer = setTimeout(
      () => flight.controller.abort(new Error("render abandoned: no request is waiting for it")),
      this.options.orphanGraceMs,
    );
    flight.orphanTimer.unref?.();
  }

  private async fly(key: string, produce: Producer, signal: AbortSignal): Promise<FlightOutcome> {
    const stored = await this.store.get(key);
    if (stored) return { result: stored, source: "stored" };
    if (!this.redis) return { result: await produce(signal), source: "rendered" };
    return this.flyShared(this.redis, key, produce, signal);
  }

  private async flyShared(
    redis: RedisLike,
    key: string,
    produce: Producer,
    signal: AbortSignal,
  ): Promise<FlightOutcome> {
    const lockKey = `lock:${resultRedisKey(key)}`;
    const { lockTtlMs } = this.options;
    for (;;) {
      signal.throwIfAborted();
      const token = randomBytes(16).toString("hex");
      if (await redis.set(lockKey, token, { nx: true, ttlMs: lockTtlMs })) {
        const keepAlive = setInterval(
          () => void redis.eval(EXTEND, [lockKey], [token, lockTtlMs]).catch(() => {}),
          lockTtlMs / 3,
        );
        keepAlive.unref?.();
        try {
          // Another instance may have stored the result between our first read and the lock.
          const stored = await this.store.get(key);
          if (stored) return { result: stored, source: "stored" };
          return { result: await produce(signal), source: "rendered" };
        } finally {
          clearInterval(keepAlive);
          await redis.eval(RELEASE, [lockKey], [token]).catch(() => {});
        }
      }
      await this.waitForUnlock(redis, lockKey, signal);
      const stored = await this.store.get(key);
      if (stored) return { result: stored, source: "waited" };
      // No result and no lock: the leader failed or died. Compete to lead.
    }
  }

  private async waitForUnlock(redis: RedisLike, lockKey: string, signal: AbortSignal): Promise<void> {
    let delay = this.options.pollMinMs;
    while ((await redis.get(lockKey)) !== null) {
      await sleep(delay, signal);
      delay = Math.min(this.options.pollMaxMs, delay * 2);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
