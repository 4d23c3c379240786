/**
 * A point in time by which a render must be done (D10: `timeout` bounds the whole request).
 * Every wait in the render path — queue slot, browser launch, navigation, selectors, delay,
 * capture — takes its budget from the one Deadline, so no step can outlive the request.
 */
import { ApiError } from "@/lib/vocabulary/errors";

export class Deadline {
  /** Epoch milliseconds. */
  readonly at: number;
  readonly totalMs: number;

  /**
   * `signal`: whoever owns the render can also stop it early (the result service aborts a
   * render nobody waits for any more); every step then ends as if the deadline had passed.
   */
  constructor(
    totalMs: number,
    start = Date.now(),
    readonly signal?: AbortSignal,
  ) {
    this.totalMs = totalMs;
    this.at = start + totalMs;
  }

  remaining(): number {
    if (this.signal?.aborted) return 0;
    return Math.max(0, this.at - Date.now());
  }

  expired(): boolean {
    return this.remaining() <= 0;
  }

  /** Throws 504 render_timeout when the budget is spent. */
  check(): void {
    if (this.expired()) throw timeoutError(this.totalMs);
  }

  /**
   * Settles with `work`, or rejects with 504 once the deadline passes, whichever is first. The
   * losing promise keeps running: callers close the page/context to stop it.
   */
  race<T>(work: Promise<T>): Promise<T> {
    const left = this.remaining();
    if (left <= 0) {
      work.catch(() => {});
      return Promise.reject(timeoutError(this.totalMs));
    }
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timeoutError(this.totalMs)), left);
      onAbort = () => reject(timeoutError(this.totalMs));
      this.signal?.addEventListener("abort", onAbort, { once: true });
    });
    return Promise.race([work, expiry]).finally(() => {
      clearTimeout(timer);
      if (onAbort) this.signal?.removeEventListener("abort", onAbort);
    });
  }

  /** Resolves after `ms`, or rejects with 504 if the deadline comes first. */
  sleep(ms: number): Promise<void> {
    return this.race(new Promise<void>((resolve) => setTimeout(resolve, ms)));
  }
}

export function timeoutError(totalMs: number): ApiError {
  return new ApiError("render_timeout", `Rendering did not finish within the timeout of ${totalMs} ms.`);
}

export function isTimeoutError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "render_timeout";
}
