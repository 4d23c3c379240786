/**
 * The shared result store for several instances (D12): one Redis value per result, the same
 * frame as the file store (header + bytes), expiring natively with PX = the plan's TTL. Works on
 * either RedisLike client — ioredis (REDIS_URL) or Upstash REST (base64 on the wire).
 */
import "server-only";
import type { RedisLike } from "@/lib/redis";
import { decodeResult, encodeResult, makeStored } from "@/lib/results/codec";
import { RESULT_KEY, type NewResult, type ResultStore, type StoredResult } from "@/lib/results/types";

export function resultRedisKey(key: string): string {
  return `result:${key}`;
}

export class RedisResultStore implements ResultStore {
  readonly kind: "redis" | "upstash";

  constructor(private readonly redis: RedisLike) {
    this.kind = redis.kind;
  }

  async get(key: string): Promise<StoredResult | null> {
    if (!RESULT_KEY.test(key)) return null;
    const frame = await this.redis.getBuffer(resultRedisKey(key));
    if (!frame) return null;
    const stored = decodeResult(frame);
    // Redis expires the value itself; the check covers clock skew between instances.
    return stored && stored.expiresAt > Date.now() ? stored : null;
  }

  async put(key: string, result: NewResult, ttlMs: number): Promise<StoredResult> {
    if (!RESULT_KEY.test(key)) throw new Error("invalid result key");
    const stored = makeStored(result, ttlMs);
    await this.redis.set(resultRedisKey(key), encodeResult(stored), { ttlMs: stored.expiresAt - stored.cachedAt });
    return stored;
  }

  async delete(key: string): Promise<void> {
    if (RESULT_KEY.test(key)) await this.redis.del(resultRedisKey(key));
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }
}
