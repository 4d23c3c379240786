/**
 * The small Redis surface the app needs (result store, single-flight locks, rate limiter),
 * behind one interface so the same code runs on a TCP Redis (ioredis) and on Upstash's
 * HTTP/JSON REST API (@upstash/redis). Every key given to these methods is unprefixed: the
 * implementation adds env().REDIS_PREFIX, so tests and tenants can share one server.
 */
export interface SetOptions {
  /** Expiry in milliseconds (SET … PX). */
  ttlMs?: number;
  /** Only set when the key does not exist (SET … NX) — the lock primitive. */
  nx?: boolean;
}

export interface RedisLike {
  readonly kind: "redis" | "upstash";
  /** The prefix added to every key (env().REDIS_PREFIX at creation). */
  readonly prefix: string;

  /** A text value written with `set(key, string)`. */
  get(key: string): Promise<string | null>;
  /**
   * A binary value written with `set(key, Buffer)`. Only read binary keys with this method:
   * on Upstash, binary is stored base64-encoded (its protocol is JSON text).
   */
  getBuffer(key: string): Promise<Buffer | null>;
  /** Returns false only when `nx` was asked and the key already existed. */
  set(key: string, value: string | Buffer, options?: SetOptions): Promise<boolean>;
  /** Number of keys removed. */
  del(...keys: string[]): Promise<number>;
  /**
   * Runs a Lua script atomically. `keys` are prefixed (they arrive as KEYS[i]); `args` are passed
   * as they are. Integer replies come back as numbers, bulk replies as strings, nil as null.
   */
  eval(script: string, keys: string[], args: Array<string | number>): Promise<unknown>;
  /** Throws when the server cannot be reached (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
