/**
 * The in-memory copy of hot results in front of a real file store: HITs are served from memory
 * (the file may be gone and it is still exact), expiry is honoured, the byte budget holds, and
 * oversized results always go to the store.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FileResultStore } from "@/lib/results/file-store";
import { MemoryCachedStore } from "@/lib/results/memory-cache";
import type { NewResult } from "@/lib/results/types";
import { testEnvironment } from "@/tests/support/test-env";
import { sleep } from "./helpers";

let files: FileResultStore;

const testEnv = testEnvironment({ database: "embedded" });

beforeAll(async () => {
  files = new FileResultStore(path.join(testEnv.current.dataDir, "results"));
});

const newKey = () => randomBytes(32).toString("hex");

function resultOf(size: number): NewResult {
  return {
    bytes: randomBytes(size),
    contentType: "image/png",
    ext: "png",
    metadata: { width: 1, height: 1, renderMs: 7 },
  };
}

/** Removes the entry's file behind the memory layer's back. */
async function removeFile(key: string) {
  await rm(path.join(files.root, key.slice(0, 2), `${key}.result`));
}

describe("MemoryCachedStore", () => {
  it("answers a stored result from memory, byte for byte, with the store's metadata", async () => {
    const store = new MemoryCachedStore(files, { maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    const key = newKey();
    const put = await store.put(key, resultOf(1000), 60_000);
    await removeFile(key);
    const got = await store.get(key);
    expect(got?.bytes.equals(put.bytes)).toBe(true);
    expect(got).toMatchObject({
      etag: put.etag,
      cachedAt: put.cachedAt,
      expiresAt: put.expiresAt,
      metadata: { renderMs: 7 },
    });
    expect(await files.get(key)).toBeNull();
  });

  it("keeps what it read from the store for the next request", async () => {
    const store = new MemoryCachedStore(files, { maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    const key = newKey();
    const put = await files.put(key, resultOf(500), 60_000);
    expect((await store.get(key))?.etag).toBe(put.etag);
    await removeFile(key);
    expect((await store.get(key))?.etag).toBe(put.etag);
    expect(store.heldBytes).toBe(500);
  });

  it("does not answer past an entry's expiry, even from memory", async () => {
    const store = new MemoryCachedStore(files, { maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    const key = newKey();
    await store.put(key, resultOf(100), 150);
    expect(await store.get(key)).not.toBeNull();
    await sleep(250);
    expect(await store.get(key)).toBeNull();
    expect(store.heldBytes).toBe(0);
  });

  it("stays within its byte budget by dropping the least recently used entry", async () => {
    const store = new MemoryCachedStore(files, { maxBytes: 3000, maxEntryBytes: 3000 });
    const [a, b, c] = [newKey(), newKey(), newKey()];
    await store.put(a, resultOf(1000), 60_000);
    await store.put(b, resultOf(1000), 60_000);
    await store.get(a); // a is now more recent than b
    await store.put(c, resultOf(1500), 60_000);
    expect(store.heldBytes).toBeLessThanOrEqual(3000);
    await Promise.all([a, b, c].map(removeFile));
    expect(await store.get(a)).not.toBeNull();
    expect(await store.get(c)).not.toBeNull();
    expect(await store.get(b)).toBeNull();
  });

  it("never keeps a result larger than the per-entry limit", async () => {
    const store = new MemoryCachedStore(files, { maxBytes: 1 << 20, maxEntryBytes: 2000 });
    const key = newKey();
    await store.put(key, resultOf(4000), 60_000);
    expect(store.heldBytes).toBe(0);
    await removeFile(key);
    expect(await store.get(key)).toBeNull();
  });

  it("peeks only at what it holds, and never at an expired entry", async () => {
    const store = new MemoryCachedStore(files, { maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    const [held, onDisk] = [newKey(), newKey()];
    const put = await store.put(held, resultOf(100), 150);
    await files.put(onDisk, resultOf(100), 60_000);
    expect(store.peek(held)?.etag).toBe(put.etag);
    expect(store.peek(onDisk)).toBeNull();
    await sleep(250);
    expect(store.peek(held)).toBeNull();
  });

  it("forgets a deleted entry", async () => {
    const store = new MemoryCachedStore(files, { maxBytes: 1 << 20, maxEntryBytes: 1 << 20 });
    const key = newKey();
    await store.put(key, resultOf(100), 60_000);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await files.get(key)).toBeNull();
  });
});
