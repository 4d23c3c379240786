/**
 * RedisLike over a TCP Redis (REDIS_URL) with ioredis.
 */
import "server-only";
import { Redis } from "ioredis";
import type { RedisLike, SetOptions } from "@/lib/redis/types";

export class IoRedisClient implements RedisLike {
  readonly kind = "redis" as const;
  private readonly client: Redis;

  constructor(
    url: string,
    readonly prefix: string,
  ) {
    this.client = new Redis(url, {
      // A request must not hang on a dead Redis: fail the command after one reconnect attempt
      // instead of ioredis's default of 20, and never wait longer than 5 s for a connection.
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      // Concurrent commands of one tick go out as one pipeline: cheap throughput under load.
      enableAutoPipelining: true,
      lazyConnect: false,
    });
    // Without a listener ioredis prints every reconnect error; callers see command failures.
    this.client.on("error", () => {});
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(this.k(key));
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    return this.client.getBuffer(this.k(key));
  }

  async set(key: string, value: string | Buffer, options: SetOptions = {}): Promise<boolean> {
    const args: Array<string | number> = [];
    if (options.ttlMs !== undefined) args.push("PX", Math.max(1, Math.ceil(options.ttlMs)));
    if (options.nx) args.push("NX");
    const reply = await this.client.call("SET", this.k(key), value, ...args);
    return reply === "OK";
  }

  async del(...keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    return this.client.del(...keys.map((key) => this.k(key)));
  }

  async eval(script: string, keys: string[], args: Array<string | number>): Promise<unknown> {
    return this.client.eval(script, keys.length, ...keys.map((key) => this.k(key)), ...args);
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
