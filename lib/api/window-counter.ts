/**
 * Atomic "increment and return" counters for fixed windows, in Redis when configured and in
 * memory otherwise. Kept apart from the rate limiter so the policy and the storage can be
 * tested separately.
 */
import "server-only";
import { getRedis } from "@/lib/redis";

export interface WindowCounter {
  /** Adds `by` (1 unless said) to the counter for `key`, which expires `windowMs` after its first hit; returns the new count. */
  hit(key: string, windowMs: number, by?: number): Promise<number>;
  /** The current count for `key` without counting (0 when the window has none yet). */
  peek(key: string): Promise<number>;
}

class MemoryWindowCounter implements WindowCounter {
  private counts = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = 0;

  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    const now = Date.now();
    if (now - this.lastSweep > windowMs) this.sweep(now);
    const entry = this.counts.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.counts.set(key, { count: by, expiresAt: now + windowMs });
      return by;
    }
    entry.count += by;
    return entry.count;
  }

  async peek(key: string): Promise<number> {
    const entry = this.counts.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.count : 0;
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, v] of this.counts) if (v.expiresAt <= now) this.counts.delete(k);
  }
}

// INCRBY and set the expiry on first hit, in one round trip and atomically.
const HIT_SCRIPT = `local n = redis.call('INCRBY', KEYS[1], ARGV[2]) if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;

class RedisWindowCounter implements WindowCounter {
  constructor(private redis: NonNullable<ReturnType<typeof getRedis>>) {}

  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    return Number(await this.redis.eval(HIT_SCRIPT, [key], [String(windowMs), String(by)]));
  }

  async peek(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }
}

let counter: WindowCounter | undefined;

export function windowCounter(): WindowCounter {
  if (!counter) {
    const redis = getRedis();
    counter = redis ? new RedisWindowCounter(redis) : new MemoryWindowCounter();
  }
  return counter;
}
