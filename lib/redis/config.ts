/**
 * Which Redis the process's shared client (index.ts) and pub/sub (pubsub.ts) use (D12): Upstash
 * when UPSTASH_REDIS_REST_URL is set, else REDIS_URL, else none. `id` keys their registries, as
 * tests switch configuration between files.
 */
import "server-only";
import { env } from "@/lib/env";

export interface RedisConfig {
  redisUrl?: string;
  upstashUrl?: string;
  upstashToken?: string;
  prefix: string;
}

/** The configuration now and its registry key, or null when no Redis is configured. */
export function sharedRedisConfig(): { config: RedisConfig; id: string } | null {
  const e = env();
  const config = {
    redisUrl: e.REDIS_URL,
    upstashUrl: e.UPSTASH_REDIS_REST_URL,
    upstashToken: e.UPSTASH_REDIS_REST_TOKEN,
    prefix: e.REDIS_PREFIX,
  };
  if (!config.redisUrl && !config.upstashUrl) return null;
  return { config, id: JSON.stringify(config) };
}
