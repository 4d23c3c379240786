/**
 * RedisLike over Upstash's REST API (UPSTASH_REDIS_REST_URL + _TOKEN) with @upstash/redis.
 * The protocol is JSON text, so binary values are stored base64-encoded; the client's own JSON
 * (de)serialisation is switched off so strings round-trip exactly as written.
 */
import "server-only";
import { Redis } from "@upstash/redis";
import type { RedisLike, SetOptions } from "@/lib/redis/types";

export class UpstashClient implements RedisLike {
  readonly kind = "upstash" as const;
  private readonly client: Redis;

  constructor(
    url: string,
    token: string,
    readonly prefix: string,
  ) {
    this.client = new Redis({
      url,
      token,
      // Values are our own strings (JSON or base64); never let the client JSON.parse them.
      automaticDeserialization: false,
      enableTelemetry: false,
    });
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | null> {
    const value = await this.client.get<string>(this.k(key));
    return value === null || value === undefined ? null : String(value);
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    const value = await this.get(key);
    return value === null ? null : Buffer.from(value, "base64");
  }

  async set(key: string, value: string | Buffer, options: SetOptions = {}): Promise<boolean> {
    const text = typeof value === "string" ? value : value.toString("base64");
    const px = options.ttlMs !== undefined ? Math.max(1, Math.ceil(options.ttlMs)) : undefined;
    const reply =
      options.nx && px !== undefined
        ? await this.client.set(this.k(key), text, { nx: true, px })
        : options.nx
          ? await this.client.set(this.k(key), text, { nx: true })
          : px !== undefined
            ? await this.client.set(this.k(key), text, { px })
            : await this.client.set(this.k(key), text);
    return reply === "OK";
  }

  async del(...keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    return this.client.del(...keys.map((key) => this.k(key)));
  }

  async eval(script: string, keys: string[], args: Array<string | number>): Promise<unknown> {
    return this.client.eval(
      script,
      keys.map((key) => this.k(key)),
      args.map(String),
    );
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    // HTTP: nothing to close.
  }
}
