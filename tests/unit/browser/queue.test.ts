/**
 * Admission control (D17): slots, per-account caps, round-robin between accounts, and refusals
 * with 503 renderer_busy + Retry-After instead of waiting into a 504.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { Deadline } from "@/lib/browser/deadline";
import { RenderQueue, START_SHARE } from "@/lib/browser/queue";

const long = () => new Deadline(60_000);

/** Starts an acquire and records when (and whether) it was granted. */
function track(queue: RenderQueue, account: string, deadline = long()) {
  const entry: { granted: boolean; release?: () => void; error?: unknown; order?: number } = { granted: false };
  const done = queue.acquire(deadline, account).then(
    (release) => {
      entry.granted = true;
      entry.order = order++;
      entry.release = release;
    },
    (error: unknown) => (entry.error = error),
  );
  return Object.assign(entry, { done });
}
let order = 0;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("RenderQueue (D17)", () => {
  it("one account gets at most all slots but one; another account gets the last one at once", async () => {
    const queue = new RenderQueue(4);
    const a = [track(queue, "a"), track(queue, "a"), track(queue, "a"), track(queue, "a")];
    await tick();
    expect(a.map((e) => e.granted)).toEqual([true, true, true, false]);
    const b = track(queue, "b");
    await tick();
    expect(b.granted).toBe(true);
    expect(queue.report()).toMatchObject({ slots: 4, running: 4, waiting: 1 });
  });

  it("freed slots go round-robin: a later account is not served after another's whole burst", async () => {
    const queue = new RenderQueue(2); // cap 1 per account
    const a1 = track(queue, "a");
    const b1 = track(queue, "b");
    await tick();
    const aWaiting = [track(queue, "a"), track(queue, "a"), track(queue, "a")];
    const c1 = track(queue, "c");
    await tick();
    a1.release!();
    await tick();
    // a is at its cap again only after its next one runs; c waited behind a's queue head only.
    b1.release!();
    await tick();
    expect(aWaiting[0].granted).toBe(true);
    expect(c1.granted).toBe(true);
    expect(aWaiting[1].granted).toBe(false);
  });

  it("refuses at once with 503 renderer_busy and Retry-After when the wait would exceed its share", async () => {
    const queue = new RenderQueue(1);
    const running = track(queue, "a");
    await tick();
    expect(running.granted).toBe(true);
    // Share of 4 s = 1 s; the estimate (one render ahead, 3 s assumed) is longer.
    const started = Date.now();
    const refused = track(queue, "b", new Deadline(4_000));
    await refused.done;
    expect(Date.now() - started).toBeLessThan(900); // at once, not after its 1-s share
    expect(refused.error).toBeInstanceOf(ApiError);
    const error = refused.error as ApiError;
    expect([error.code, error.status]).toEqual(["renderer_busy", 503]);
    expect(Number(error.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(queue.report().refused).toBe(1);
  });

  it("a waiter still without a slot when its share is spent leaves with 503, not a 504", async () => {
    const queue = new RenderQueue(1);
    // Quick renders teach the queue that a render takes a few milliseconds...
    for (let i = 0; i < 30; i++) {
      const quick = track(queue, "a");
      await quick.done;
      quick.release!();
    }
    expect(queue.report().renderMs).toBeLessThan(100);
    // ...so a request with 300 ms left is admitted behind one that then holds its slot.
    track(queue, "a");
    await tick();
    const started = Date.now();
    const deadline = new Deadline(40_000, Date.now() - 40_000 + 300);
    const waiting = track(queue, "b", deadline);
    await waiting.done;
    expect(Date.now() - started).toBeLessThan(10_000); // at its share, far before the 40-s timeout
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((waiting.error as ApiError).code).toBe("renderer_busy");
    expect(queue.report().waiting).toBe(0);
    expect(START_SHARE).toBe(0.25);
  });

  it("bounds the queue whatever the estimate", async () => {
    const queue = new RenderQueue(1);
    track(queue, "a");
    const admitted = Array.from({ length: 4 }, (_, i) => track(queue, `w${i}`, new Deadline(60_000 * 100)));
    const refused = track(queue, "late", new Deadline(60_000 * 100));
    await refused.done;
    expect((refused.error as ApiError).code).toBe("renderer_busy");
    expect(admitted.every((e) => e.error === undefined)).toBe(true);
  });
});
