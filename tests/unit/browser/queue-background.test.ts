/**
 * lib/browser's background renders (D22, issue 51 point 8): the samples the server makes of itself
 * take one slot at a time, never the last free one and never before a request that waits, are not
 * refused as busy, and leave at their deadline. Admission and fairness: queue.test.ts beside it.
 */
import { describe, expect, it } from "vitest";
import { Deadline } from "@/lib/browser/deadline";
import { RenderQueue } from "@/lib/browser/queue";

const tick = () => new Promise((r) => setTimeout(r, 5));
const later = () => new Deadline(60_000);

describe("RenderQueue background renders", () => {
  it("run one at a time and leave a slot free for the next request", async () => {
    const queue = new RenderQueue(4);
    const started: string[] = [];
    const samples = ["s1", "s2", "s3"].map((name) =>
      queue.acquire(later(), "", { background: true }).then((release) => (started.push(name), release)),
    );
    await tick();
    expect([started, queue.running]).toEqual([["s1"], 1]);
    // Requests take the slots at once; with two of four taken the second sample would leave one free,
    // but only one runs at a time.
    const demo = await queue.acquire(later(), "demo");
    const api = await queue.acquire(later(), "acct");
    expect(queue.running).toBe(3);
    (await samples[0])();
    await tick();
    // Three slots of four taken by requests and s2: none left after it would be the last free one.
    expect([started, queue.running]).toEqual([["s1", "s2"], 3]);
    const third = await queue.acquire(later(), "other");
    (await samples[1])();
    await tick();
    expect(started).toEqual(["s1", "s2"]); // three requests run: s3 would take the last slot
    demo();
    await tick();
    expect(started).toEqual(["s1", "s2", "s3"]);
    (await samples[2])();
    api();
    third();
    expect(queue.running).toBe(0);
  });

  it("yield a freed slot to a request that waits, and are never refused as busy", async () => {
    const queue = new RenderQueue(2);
    const a = await queue.acquire(later(), "a");
    const b = await queue.acquire(later(), "b");
    const order: string[] = [];
    const sample = queue.acquire(later(), "", { background: true }).then((r) => (order.push("sample"), r));
    const request = queue.acquire(later(), "c").then((r) => (order.push("request"), r));
    await tick();
    a();
    await tick();
    expect(order).toEqual(["request"]);
    b();
    (await request)();
    await tick();
    expect(order).toEqual(["request", "sample"]);
    (await sample)();
  });

  it("on a single slot run only when it is idle, and leave at their deadline", async () => {
    const queue = new RenderQueue(1);
    (await queue.acquire(later(), "", { background: true }))();
    const hold = await queue.acquire(later(), "a");
    const waiting = queue.acquire(new Deadline(30), "", { background: true });
    await expect(waiting).rejects.toMatchObject({ code: "render_timeout" });
    hold();
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });
});
