/**
 * Pub/sub over a TCP Redis (REDIS_URL) with ioredis: a connection in subscriber mode can send
 * nothing else, so one connection publishes and another subscribes. ioredis reconnects by itself
 * and subscribes the second one again to every channel and pattern it held (autoResubscribe).
 */
import "server-only";
import { Redis } from "ioredis";
import { checkChannel, checkMessage, isReserved, type OnMessage, type PubSub } from "@/lib/redis/pubsub-contract";

export class IoRedisPubSub implements PubSub {
  readonly kind = "redis" as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** Listeners by the prefixed channel, and by the prefixed pattern. */
  private readonly channels = new Map<string, OnMessage>();
  private readonly patterns = new Map<string, OnMessage>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // As the shared client: a command fails after one reconnect attempt, never waits past 5 s for
    // a connection. The subscriber is named, so an operator (and the test that cuts it) finds it.
    const options = { maxRetriesPerRequest: 1, connectTimeout: 5_000 };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, { ...options, connectionName: `glance-pubsub:${prefix.replace(/[^\w:.-]/g, "_")}` });
    // Without listeners ioredis prints every reconnect error; callers see their commands fail.
    this.pub.on("error", () => {});
    this.sub.on("error", () => {});
    this.sub.on("message", (channel: string, message: string) => {
      if (!isReserved(message)) this.channels.get(channel)?.(message, this.unprefixed(channel));
    });
    this.sub.on("pmessage", (pattern: string, channel: string, message: string) => {
      if (!isReserved(message)) this.patterns.get(pattern)?.(message, this.unprefixed(channel));
    });
  }

  private unprefixed(channel: string): string {
    return channel.slice(this.prefix.length);
  }

  async publish(channel: string, message: string): Promise<number> {
    checkChannel(channel);
    checkMessage(message);
    return this.pub.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, onMessage: OnMessage): Promise<void> {
    checkChannel(channel);
    return this.listen(this.channels, this.prefix + channel, onMessage, (name) => this.sub.subscribe(name));
  }

  async psubscribe(pattern: string, onMessage: OnMessage): Promise<void> {
    checkChannel(pattern, true);
    return this.listen(this.patterns, this.prefix + pattern, onMessage, (name) => this.sub.psubscribe(name));
  }

  /** The listener is in place before Redis confirms, so a message right after the confirmation is not missed. */
  private async listen(
    listeners: Map<string, OnMessage>,
    name: string,
    onMessage: OnMessage,
    command: (name: string) => Promise<unknown>,
  ): Promise<void> {
    const before = listeners.get(name);
    listeners.set(name, onMessage);
    try {
      await command(name);
    } catch (error) {
      if (before) listeners.set(name, before);
      else listeners.delete(name);
      throw error;
    }
  }

  async unsubscribe(channelOrPattern: string): Promise<void> {
    const name = this.prefix + channelOrPattern;
    // The listener goes at once. Telling Redis may fail while it is unreachable; a message still
    // received for the name then (ioredis subscribes again what it held) finds no listener.
    if (this.channels.delete(name)) await this.sub.unsubscribe(name).catch(() => {});
    if (this.patterns.delete(name)) await this.sub.punsubscribe(name).catch(() => {});
  }

  async close(): Promise<void> {
    this.channels.clear();
    this.patterns.clear();
    await Promise.allSettled([
      this.pub.quit().catch(() => this.pub.disconnect()),
      this.sub.quit().catch(() => this.sub.disconnect()),
    ]);
  }
}
