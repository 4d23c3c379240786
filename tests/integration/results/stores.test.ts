/**
 * The three ResultStore adapters against real storage: files in a temp DATA_DIR, the real
 * Redis over TCP, and the real Redis behind the Upstash REST bridge.
 */
import { randomBytes } from "node:crypto";
import { readdir, readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis, type RedisLike } from "@/lib/redis";
import { FileResultStore } from "@/lib/results/file-store";
import { RedisResultStore } from "@/lib/results/redis-store";
import type { NewResult, ResultStore } from "@/lib/results/types";
import { REDIS_URL } from "@/tests/support/env";
import { testEnvironment } from "@/tests/support/test-env";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";
import { deleteRedisPrefix, pngOf, sleep } from "./helpers";
let bridge: UpstashBridge;
let clients: RedisLike[] = [];
const stores: Record<string, ResultStore> = {};

const testEnv = testEnvironment({ database: "embedded" });

beforeAll(async () => {
  bridge = await startUpstashBridge();
  const ioredis = createRedis({ redisUrl: REDIS_URL, prefix: testEnv.current.redisPrefix })!;
  const upstash = createRedis({
    upstashUrl: bridge.url,
    upstashToken: bridge.token,
    prefix: testEnv.current.redisPrefix + "u:",
  })!;
  clients = [ioredis, upstash];
  stores.files = new FileResultStore(path.join(testEnv.current.dataDir, "results"));
  stores.redis = new RedisResultStore(ioredis);
  stores.upstash = new RedisResultStore(upstash);
});

afterAll(async () => {
  await deleteRedisPrefix(testEnv.current.redisPrefix);
  await Promise.all(clients.map((c) => c.close()));
  await bridge.close();
});

const newKey = () => randomBytes(32).toString("hex");

async function sample(): Promise<NewResult> {
  return {
    bytes: await pngOf("#3366ff"),
    contentType: "image/png",
    ext: "png",
    metadata: { width: 8, height: 6, renderMs: 123 },
  };
}

describe.each(["files", "redis", "upstash"] as const)("%s result store", (kind) => {
  const store = () => stores[kind];

  it("reports its kind and answers ping", async () => {
    expect(store().kind).toBe(kind);
    await expect(store().ping()).resolves.toBeUndefined();
  });

  it("returns exactly what was stored, with cachedAt, expiresAt and an ETag", async () => {
    const key = newKey();
    const input = await sample();
    const before = Date.now();
    const put = await store().put(key, input, 60_000);
    expect(put.cachedAt).toBeGreaterThanOrEqual(before);
    expect(put.expiresAt - put.cachedAt).toBe(60_000);
    const got = await store().get(key);
    expect(got).not.toBeNull();
    expect(Buffer.compare(got!.bytes, input.bytes)).toBe(0);
    expect(got).toMatchObject({
      contentType: "image/png",
      ext: "png",
      metadata: input.metadata,
      cachedAt: put.cachedAt,
      expiresAt: put.expiresAt,
      etag: put.etag,
    });
  });

  it("answers null for unknown and malformed keys", async () => {
    expect(await store().get(newKey())).toBeNull();
    expect(await store().get("../../etc/passwd")).toBeNull();
    expect(await store().get("A".repeat(64))).toBeNull();
    await expect(store().put("not-a-key", await sample(), 1000)).rejects.toThrow();
  });

  it("treats an entry as gone once its TTL has passed", async () => {
    const key = newKey();
    const bytes = await sample();
    // A TTL with room for the write and the first read on a loaded machine: with 200 ms, the Upstash
    // store's put and get (HTTP to its REST stand-in) took longer than that in CI, and the fresh
    // entry read as gone.
    const ttlMs = 1_500;
    const putAt = Date.now();
    await store().put(key, bytes, ttlMs);
    expect(await store().get(key)).not.toBeNull();
    await sleep(Math.max(0, putAt + ttlMs + 100 - Date.now()));
    expect(await store().get(key)).toBeNull();
  });

  it("replaces an entry and deletes it", async () => {
    const key = newKey();
    await store().put(key, await sample(), 60_000);
    const jpg = {
      bytes: Buffer.from("second"),
      contentType: "image/jpeg",
      ext: "jpg" as const,
      metadata: { width: 1, height: 1, renderMs: 1 },
    };
    await store().put(key, jpg, 60_000);
    expect((await store().get(key))!.bytes.toString()).toBe("second");
    await store().delete(key);
    expect(await store().get(key)).toBeNull();
    await store().delete(key); // deleting twice is fine
  });
});

describe("file store specifics", () => {
  const files = () => stores.files as FileResultStore;

  it("writes one file per result, sharded by key, and leaves no temp files", async () => {
    const key = newKey();
    await Promise.all(Array.from({ length: 10 }, async () => files().put(key, await sample(), 60_000)));
    const names = await readdir(path.join(files().root, key.slice(0, 2)));
    expect(names.filter((n) => n.startsWith(key))).toEqual([`${key}.result`]);
  });

  it("deletes an expired entry when it is read", async () => {
    const key = newKey();
    await files().put(key, await sample(), 50);
    await sleep(100);
    expect(await files().get(key)).toBeNull();
    expect(await readdir(path.join(files().root, key.slice(0, 2)))).not.toContain(`${key}.result`);
  });

  it("sweeps expired entries, corrupt files and abandoned temp files, and keeps live entries", async () => {
    const [live, expired, corrupt] = [newKey(), newKey(), newKey()];
    const fileOf = (key: string) => path.join(files().root, key.slice(0, 2), `${key}.result`);
    await files().put(live, await sample(), 60_000);
    await files().put(expired, await sample(), 50);
    await files().put(corrupt, await sample(), 60_000);
    await writeFile(fileOf(corrupt), "garbage");
    const staleTemp = `${fileOf(live)}.abc123.tmp`;
    const freshTemp = `${fileOf(live)}.def456.tmp`;
    await writeFile(staleTemp, "half written");
    await writeFile(freshTemp, "being written right now");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(staleTemp, twoHoursAgo, twoHoursAgo);
    await sleep(100);

    expect(await files().sweep()).toBeGreaterThanOrEqual(3);
    const left = await readdir(path.dirname(fileOf(live))).then((n) => new Set(n));
    const present = async (file: string) => (await readdir(path.dirname(file))).includes(path.basename(file));
    expect(left.has(path.basename(fileOf(live)))).toBe(true);
    expect(left.has(path.basename(freshTemp))).toBe(true);
    expect(await present(fileOf(expired))).toBe(false);
    expect(await present(fileOf(corrupt))).toBe(false);
    expect(await present(staleTemp)).toBe(false);
    expect(await files().get(live)).not.toBeNull();
  });

  it("reads a corrupt file as missing", async () => {
    const key = newKey();
    await files().put(key, await sample(), 60_000);
    const file = path.join(files().root, key.slice(0, 2), `${key}.result`);
    const frame = await readFile(file);
    await writeFile(file, frame.subarray(0, frame.length - 5));
    expect(await files().get(key)).toBeNull();
  });
});

describe("ping on an unusable store", () => {
  it("fails for an unreachable Redis and for a directory that cannot be created", async () => {
    const dead = createRedis({ redisUrl: "redis://127.0.0.1:1", prefix: testEnv.current.redisPrefix })!;
    try {
      await expect(new RedisResultStore(dead).ping()).rejects.toThrow();
    } finally {
      await dead.close();
    }
    const blocker = path.join(testEnv.current.dataDir, "a-file");
    await writeFile(blocker, "not a directory");
    await expect(new FileResultStore(path.join(blocker, "results")).ping()).rejects.toThrow();
  });
});

describe("redis store specifics", () => {
  it("lets Redis expire the value with the entry's TTL", async () => {
    const raw = new Redis(REDIS_URL);
    try {
      const key = newKey();
      await stores.redis.put(key, await sample(), 90_000);
      const pttl = await raw.pttl(`${testEnv.current.redisPrefix}result:${key}`);
      expect(pttl).toBeGreaterThan(85_000);
      expect(pttl).toBeLessThanOrEqual(90_000);
    } finally {
      await raw.quit();
    }
  });
});
