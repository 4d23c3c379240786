/**
 * lib/browser's concurrency limit and deadline: one account's waiters are served in arrival
 * order, a waiter whose render is aborted leaves without taking a slot, and a slot freed while
 * others wait goes straight to the next one. Admission and fairness: queue.test.ts beside it.
 */
import { describe, expect, it } from "vitest";
import { Deadline } from "@/lib/browser/deadline";
import { RenderQueue } from "@/lib/browser/queue";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("RenderQueue", () => {
  it("serves one account's waiters first-in, first-out, and a double release frees one slot", async () => {
    const queue = new RenderQueue(3); // one account may hold 2
    const deadline = new Deadline(60_000);
    const order: number[] = [];
    const releases = await Promise.all([queue.acquire(deadline, "a"), queue.acquire(deadline, "a")]);
    const waiting = [3, 4, 5].map((n) => queue.acquire(deadline, "a").then((release) => (order.push(n), release)));
    await tick();
    expect([queue.running, queue.waiting]).toEqual([2, 3]);

    releases[0]();
    releases[0](); // releasing twice must not free a second slot
    await tick();
    expect(order).toEqual([3]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    releases[1]();
    const [r3] = await Promise.all([waiting[0], tick()]);
    r3();
    const rest = await Promise.all(waiting.slice(1));
    expect(order).toEqual([3, 4, 5]);
    rest.forEach((release) => release());
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("lets a waiter go when its render is aborted", async () => {
    const queue = new RenderQueue(1);
    const hold = await queue.acquire(new Deadline(60_000));
    const controller = new AbortController();
    const waiting = queue.acquire(new Deadline(60_000, Date.now(), controller.signal));
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: "render_timeout" });
    expect(queue.waiting).toBe(0);
    hold();
  });
});

describe("Deadline", () => {
  it("races work against the time left and the abort signal", async () => {
    const deadline = new Deadline(50);
    await expect(deadline.race(new Promise((r) => setTimeout(() => r("late"), 500)))).rejects.toMatchObject({
      code: "render_timeout",
    });
    expect(deadline.expired()).toBe(true);
    await expect(new Deadline(1_000).race(Promise.resolve("fast"))).resolves.toBe("fast");

    const controller = new AbortController();
    const aborted = new Deadline(10_000, Date.now(), controller.signal);
    const pending = aborted.sleep(5_000);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "render_timeout" });
    expect(aborted.remaining()).toBe(0);
  });
});
