/**
 * The process's shared Redis client, chosen by configuration (D12): Upstash when
 * UPSTASH_REDIS_REST_URL is set, else ioredis when REDIS_URL is set, else none (null) — the
 * embedded default keeps results in files and counters in memory.
 */
import "server-only";
import { type RedisConfig, sharedRedisConfig } from "@/lib/redis/config";
import { IoRedisClient } from "@/lib/redis/ioredis";
import type { RedisLike } from "@/lib/redis/types";
import { UpstashClient } from "@/lib/redis/upstash";

export type { RedisLike } from "@/lib/redis/types";

// Kept on globalThis so Next's dev-mode module reloads reuse the connection instead of leaking one
// per edit. Keyed by configuration because tests switch configuration between files.
const CLIENTS = Symbol.for("glance.redis.clients");
type Registry = Map<string, RedisLike>;
const registry: Registry = ((globalThis as Record<symbol, unknown>)[CLIENTS] as Registry | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[CLIENTS] = registry;

/** A new client for explicit configuration; the caller owns it and must close() it. */
export function createRedis(config: RedisConfig): RedisLike | null {
  if (config.upstashUrl) {
    if (!config.upstashToken) throw new Error("UPSTASH_REDIS_REST_TOKEN is required with UPSTASH_REDIS_REST_URL");
    return new UpstashClient(config.upstashUrl, config.upstashToken, config.prefix);
  }
  if (config.redisUrl) return new IoRedisClient(config.redisUrl, config.prefix);
  return null;
}

/** The shared client for the current configuration, or null when no Redis is configured. */
export function getRedis(): RedisLike | null {
  const shared = sharedRedisConfig();
  if (!shared) return null;
  const { config, id } = shared;
  let client = registry.get(id);
  if (!client) {
    client = createRedis(config)!;
    registry.set(id, client);
  }
  return client;
}

/** Closes every shared client (tests, graceful shutdown). */
export async function closeRedis(): Promise<void> {
  const clients = [...registry.values()];
  registry.clear();
  await Promise.all(clients.map((c) => c.close()));
}
