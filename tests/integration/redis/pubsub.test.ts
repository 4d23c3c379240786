/**
 * lib/redis/pubsub.ts against the real Redis: once over TCP (ioredis) and once over Upstash's
 * REST protocol, its subscriptions streamed as @upstash/redis reads them, through
 * tests/support/upstash-bridge.ts in front of the same Redis. Both must behave alike: the
 * receiver count, delivery as written, patterns, unsubscribing, the refused messages, a lost
 * connection survived, a subscription that cannot be made refused.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPubSub, type PubSub } from "@/lib/redis/pubsub";
import { REDIS_URL } from "@/tests/support/env";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

const prefix = `glance-test:${randomBytes(6).toString("hex")}:`;
/** Upstash: a silent subscription is probed after this (15 s in production). */
const PROBE_MS = 150;
let bridge: UpstashBridge;
let raw: Redis;
const made: PubSub[] = [];

beforeAll(async () => {
  bridge = await startUpstashBridge();
  raw = new Redis(REDIS_URL);
});

afterAll(async () => {
  await Promise.allSettled(made.map((p) => p.close()));
  await raw.quit();
  await bridge.close();
});

type Kind = "redis" | "upstash";

function pubsub(kind: Kind, config: { redisUrl?: string; token?: string } = {}): PubSub {
  const p =
    kind === "redis"
      ? createPubSub({ redisUrl: config.redisUrl ?? REDIS_URL, prefix })!
      : createPubSub({
          upstashUrl: bridge.url,
          upstashToken: config.token ?? bridge.token,
          prefix,
          probeMs: PROBE_MS,
        })!;
  made.push(p);
  return p;
}

/** What a subscription received, as [message, channel]. */
function inbox() {
  const got: Array<[string, string]> = [];
  return {
    got,
    on: (message: string, channel: string) => void got.push([message, channel]),
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(["redis", "upstash"] as const)("pub/sub over %s", (kind) => {
  const channel = (name: string) => `${kind}:${name}`;

  it("counts no receiver when nobody listens", async () => {
    const p = pubsub(kind);
    expect(p.kind).toBe(kind);
    expect(await p.publish(channel("nobody"), "hello")).toBe(0);
  });

  it("delivers each message once, as written, to every subscription, and counts them", async () => {
    const [a, b, sender] = [pubsub(kind), pubsub(kind), pubsub(kind)];
    const [inA, inB] = [inbox(), inbox()];
    await a.subscribe(channel("room"), inA.on);
    await b.subscribe(channel("room"), inB.on);
    // Commas (the stream's separator), quotes, non-ASCII and a leading `data: ` all arrive intact.
    const message = JSON.stringify({ text: "a, b,, c", quote: '"', emoji: "Grüße 🎉", data: "data: x" });
    expect(await sender.publish(channel("room"), message)).toBe(2);
    await until(() => inA.got.length === 1 && inB.got.length === 1, "both subscriptions received it");
    expect(inA.got).toEqual([[message, channel("room")]]);
    expect(inB.got).toEqual([[message, channel("room")]]);
    // The channel is under the prefix on the server, as keys are.
    expect(await raw.publish(`${prefix}${channel("room")}`, "plain")).toBe(2);
    await until(() => inA.got.length === 2, "the message published on the prefixed channel");
    expect(inA.got[1]).toEqual(["plain", channel("room")]);
    expect(await raw.publish(channel("room"), "unprefixed")).toBe(0);
  });

  it("delivers a pattern's messages with the channel they were published on", async () => {
    const [listener, sender] = [pubsub(kind), pubsub(kind)];
    const got = inbox();
    await listener.psubscribe(channel("to:*"), got.on);
    expect(await sender.publish(channel("to:abc"), "first")).toBe(1);
    expect(await sender.publish(channel("other"), "not matched")).toBe(0);
    expect(await sender.publish(channel("to:def"), "second")).toBe(1);
    await until(() => got.got.length === 2, "both matching messages");
    expect(got.got).toEqual([
      ["first", channel("to:abc")],
      ["second", channel("to:def")],
    ]);
  });

  it("after unsubscribe, delivers nothing more and soon counts nobody", async () => {
    const [listener, sender] = [pubsub(kind), pubsub(kind)];
    const got = inbox();
    await listener.subscribe(channel("leaving"), got.on);
    await listener.psubscribe(channel("leaving-*"), got.on);
    expect(await sender.publish(channel("leaving"), "before")).toBe(1);
    await until(() => got.got.length === 1, "the message before");
    await listener.unsubscribe(channel("leaving"));
    await listener.unsubscribe(channel("leaving-*"));
    // ioredis: at once. Upstash: the aborted request reaches the server a moment later.
    await until(async () => (await sender.publish(channel("leaving"), "after")) === 0, "no receiver counted");
    await until(async () => (await sender.publish(channel("leaving-x"), "after")) === 0, "no pattern receiver");
    await new Promise((r) => setTimeout(r, 200));
    expect(got.got).toEqual([["before", channel("leaving")]]);
  });

  it("carries a message longer than @upstash/redis reads in one line (1 MB), in order", async () => {
    const [listener, sender] = [pubsub(kind), pubsub(kind)];
    const got = inbox();
    await listener.subscribe(channel("large"), got.on);
    // A relayed answer or a screenshot: megabytes of base64 in JSON.
    const large = JSON.stringify({ body: randomBytes(2_400_000).toString("base64") });
    expect(await sender.publish(channel("large"), large)).toBe(1);
    // Text whose pieces would end inside a character's surrogate pair if cut blindly.
    const emoji = JSON.stringify({ t: "a" + "🎉".repeat(300_000) });
    expect(await sender.publish(channel("large"), emoji)).toBe(1);
    expect(await sender.publish(channel("large"), "small, after")).toBe(1);
    await until(() => got.got.length === 3, "the three messages", 15_000);
    expect(got.got[0][0].length).toBe(large.length);
    expect(got.got[0][0] === large).toBe(true);
    expect(got.got[1][0].length).toBe(emoji.length);
    expect(got.got[1][0] === emoji).toBe(true);
    expect(got.got[2]).toEqual(["small, after", channel("large")]);
  });

  it("refuses what one of the backends could not carry, on both", async () => {
    const p = pubsub(kind);
    await expect(p.publish(channel("x"), "two\nlines")).rejects.toThrow(/line break/);
    await expect(p.publish(channel("x"), "carriage\rreturn")).rejects.toThrow(/line break/);
    await expect(p.publish(channel("x"), "glance-pubsub-probe:forged")).rejects.toThrow(/may not start/);
    for (const name of ["a,b", "a/b", "a b", "a?b", "a#b", "a%2Fb", "wild*"])
      await expect(
        p.subscribe(name, () => {}),
        name,
      ).rejects.toThrow(/not a channel name/);
    await expect(p.psubscribe("a,*", () => {})).rejects.toThrow(/not a channel name/);
  });

  it("keeps a subscription across a lost connection, and never shows its probes", async () => {
    const [listener, sender] = [pubsub(kind), pubsub(kind)];
    const got = inbox();
    await listener.subscribe(channel("lasting"), got.on);
    expect(await sender.publish(channel("lasting"), "before")).toBe(1);
    await until(() => got.got.length === 1, "the message before");
    if (kind === "redis") {
      // The subscriber's connection, found by its name, cut by the server.
      const name = `glance-pubsub:${prefix}`;
      const ids = String(await raw.call("CLIENT", "LIST", "TYPE", "pubsub"))
        .split("\n")
        .filter((line) => line.includes(` name=${name} `))
        .map((line) => /\bid=(\d+)/.exec(line)![1]);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) await raw.call("CLIENT", "KILL", "ID", id);
    } else {
      // Upstash ends the streams; @upstash/redis does not say so.
      expect(bridge.streams).toBeGreaterThan(0);
      bridge.endStreams();
      expect(bridge.streams).toBe(0);
    }
    // Sent until one arrives: lost while the subscription is down (nothing replays them), heard
    // once it is made again. The count may still include the cut connection for a moment.
    await until(async () => {
      await sender.publish(channel("lasting"), "after");
      await new Promise((r) => setTimeout(r, 50));
      return got.got.some(([m]) => m === "after");
    }, "a message after the loss");
    expect(await sender.publish(channel("lasting"), "after")).toBe(1);
    // Several probing periods pass: the probes reach the stream, never the listener.
    await new Promise((r) => setTimeout(r, PROBE_MS * 5));
    expect(got.got.every(([m, c]) => ["before", "after"].includes(m) && c === channel("lasting"))).toBe(true);
  });

  it("refuses a subscription that cannot be made, and a publish that cannot be sent", async () => {
    const unreachable =
      kind === "redis" ? pubsub(kind, { redisUrl: "redis://127.0.0.1:1" }) : pubsub(kind, { token: "wrong" });
    await expect(unreachable.subscribe(channel("never"), () => {})).rejects.toThrow();
    await expect(unreachable.publish(channel("never"), "x")).rejects.toThrow();
    // Nothing was kept of it: a second try is refused again, not answered from memory.
    await expect(unreachable.subscribe(channel("never"), () => {})).rejects.toThrow();
  });
});
