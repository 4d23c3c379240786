/**
 * The pub/sub the session relay (relay.ts) talks through: every Redis call it makes is here, so
 * the relay can move to a shared pub/sub of lib/redis (one for ioredis and Upstash) by changing
 * this file only. Two connections: a subscribed one can send nothing but (un)subscriptions.
 */
import "server-only";
import { Redis } from "ioredis";

export interface RelayBus {
  /** Answers how many subscribers got the message: 0 means nobody listens on the channel. */
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  onMessage(listener: (channel: string, message: string) => void): void;
  close(): Promise<void>;
}

export function openRelayBus(redisUrl: string): RelayBus {
  // One retry, then the call fails: a relayed step is useless later, and the caller says so at once.
  const options = { maxRetriesPerRequest: 1, connectTimeout: 5_000 };
  const pub = new Redis(redisUrl, options);
  const sub = new Redis(redisUrl, options);
  pub.on("error", () => {});
  sub.on("error", () => {});
  return {
    publish: (channel, message) => pub.publish(channel, message),
    subscribe: async (channel) => void (await sub.subscribe(channel)),
    unsubscribe: async (channel) => void (await sub.unsubscribe(channel)),
    onMessage: (listener) => void sub.on("message", listener),
    close: async () => void (await Promise.allSettled([pub.quit(), sub.quit()])),
  };
}
