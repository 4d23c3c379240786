/**
 * The result store for the current configuration (D12): Upstash or Redis when configured (so
 * every instance shares results), else files under `${DATA_DIR}/results`.
 */
import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { getRedis, type RedisLike } from "@/lib/redis";
import { FileResultStore } from "@/lib/results/file-store";
import { MemoryCachedStore } from "@/lib/results/memory-cache";
import { RedisResultStore } from "@/lib/results/redis-store";
import type { ResultStore } from "@/lib/results/types";

// One store per shared Redis client / data directory, so configuration changes (tests) get a
// matching store while a stable configuration reuses one instance (and its sweep timer).
const redisStores = new WeakMap<RedisLike, ResultStore>();
const fileStores = new Map<string, ResultStore>();

export function getResultStore(): ResultStore {
  const redis = getRedis();
  if (redis) {
    let store = redisStores.get(redis);
    if (!store) redisStores.set(redis, (store = withMemoryCache(new RedisResultStore(redis))));
    return store;
  }
  const root = path.join(env().DATA_DIR, "results");
  let store = fileStores.get(root);
  if (!store) fileStores.set(root, (store = withMemoryCache(new FileResultStore(root))));
  return store;
}

/** Largest single result kept in memory: a viewport capture fits, a long full-page one does not. */
const MAX_MEMORY_ENTRY_BYTES = 4 * 1024 * 1024;

function withMemoryCache(store: ResultStore): ResultStore {
  const maxBytes = env().RESULT_MEMORY_CACHE_MB * 1024 * 1024;
  if (maxBytes === 0) return store;
  return new MemoryCachedStore(store, { maxBytes, maxEntryBytes: Math.min(MAX_MEMORY_ENTRY_BYTES, maxBytes) });
}
