/**
 * lib/redis against the real Redis: once over TCP (ioredis) and once over the Upstash REST
 * protocol (through tests/support/upstash-bridge.ts, which forwards to the same Redis).
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis, type RedisLike } from "@/lib/redis";
import { REDIS_URL } from "@/tests/support/env";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

const prefix = `glance-test:${randomBytes(6).toString("hex")}:`;
let bridge: UpstashBridge;
let raw: Redis;
const clients: Record<string, RedisLike> = {};

beforeAll(async () => {
  bridge = await startUpstashBridge();
  raw = new Redis(REDIS_URL);
  clients.redis = createRedis({ redisUrl: REDIS_URL, prefix })!;
  clients.upstash = createRedis({ upstashUrl: bridge.url, upstashToken: bridge.token, prefix })!;
});

afterAll(async () => {
  const keys = await raw.keys(`${prefix}*`);
  if (keys.length) await raw.del(...keys);
  await Promise.all(Object.values(clients).map((c) => c.close()));
  await raw.quit();
  await bridge.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(["redis", "upstash"] as const)("RedisLike over %s", (kind) => {
  const c = () => clients[kind];
  const key = (name: string) => `${kind}:${name}`;

  it("reports its kind and answers ping", async () => {
    expect(c().kind).toBe(kind);
    await expect(c().ping()).resolves.toBeUndefined();
  });

  it("round-trips text, including JSON-looking and non-ASCII strings, unparsed", async () => {
    for (const value of ['{"a":1}', "42", "Grüße, 世界 🎉", "OK"]) {
      expect(await c().set(key("text"), value)).toBe(true);
      expect(await c().get(key("text"))).toBe(value);
    }
    expect(await c().get(key("missing"))).toBeNull();
  });

  it("round-trips every byte value of a binary value", async () => {
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4096)]);
    await c().set(key("bin"), bytes);
    const back = await c().getBuffer(key("bin"));
    expect(back).not.toBeNull();
    expect(Buffer.compare(back!, bytes)).toBe(0);
    expect(await c().getBuffer(key("bin-missing"))).toBeNull();
  });

  it("prefixes every key it writes", async () => {
    await c().set(key("prefixed"), "v");
    expect(await raw.get(`${prefix}${key("prefixed")}`)).toBe("v");
    expect(await raw.get(key("prefixed"))).toBeNull();
  });

  it("expires values after their TTL", async () => {
    // The TTL is read back on a long-lived value: a loaded machine can spend more than a short
    // TTL between two commands, so only the expiry itself is watched on the short one.
    await c().set(key("ttl-long"), "still here", { ttlMs: 60_000 });
    const pttl = await raw.pttl(`${prefix}${key("ttl-long")}`);
    expect(pttl).toBeGreaterThan(50_000); // milliseconds, not seconds
    expect(pttl).toBeLessThanOrEqual(60_000);
    expect(await c().get(key("ttl-long"))).toBe("still here");

    await c().set(key("ttl"), "soon gone", { ttlMs: 150 });
    expect(await raw.pttl(`${prefix}${key("ttl")}`)).toBeLessThanOrEqual(150);
    await sleep(250);
    expect(await c().get(key("ttl"))).toBeNull();
  });

  it("SET NX succeeds once and keeps the first value", async () => {
    expect(await c().set(key("lock"), "first", { nx: true, ttlMs: 5_000 })).toBe(true);
    expect(await c().set(key("lock"), "second", { nx: true, ttlMs: 5_000 })).toBe(false);
    expect(await c().get(key("lock"))).toBe("first");
    expect(await c().set(key("lock-no-ttl"), "x", { nx: true })).toBe(true);
    expect(await raw.pttl(`${prefix}${key("lock-no-ttl")}`)).toBe(-1);
  });

  it("deletes keys and counts them", async () => {
    await c().set(key("d1"), "1");
    await c().set(key("d2"), "2");
    expect(await c().del(key("d1"), key("d2"), key("d3"))).toBe(2);
    expect(await c().del()).toBe(0);
    expect(await c().get(key("d1"))).toBeNull();
  });

  it("runs Lua with prefixed KEYS and plain ARGV", async () => {
    const script = "redis.call('SET', KEYS[1], ARGV[1]) return {KEYS[1], redis.call('INCRBY', KEYS[2], ARGV[2])}";
    const reply = await c().eval(script, [key("lua-a"), key("lua-n")], ["hello", 5]);
    expect(reply).toEqual([`${prefix}${key("lua-a")}`, 5]);
    expect(await c().get(key("lua-a"))).toBe("hello");
    expect(await c().eval("return redis.call('GET', KEYS[1])", [key("lua-none")], [])).toBeNull();
  });

  it("rejects a failing script", async () => {
    await expect(c().eval("return redis.call('NOPE')", [], [])).rejects.toThrow();
  });
});

describe("upstash bridge protocol", () => {
  it("refuses a wrong token", async () => {
    const res = await fetch(bridge.url, {
      method: "POST",
      headers: { Authorization: "Bearer wrong", "Content-Type": "application/json" },
      body: JSON.stringify(["PING"]),
    });
    expect(res.status).toBe(401);
  });

  it("stores binary from the Upstash adapter as base64 text on the wire", async () => {
    const bytes = Buffer.from([0, 255, 1, 254]);
    await clients.upstash.set("wire-bin", bytes);
    expect(await raw.get(`${prefix}wire-bin`)).toBe(bytes.toString("base64"));
  });
});
