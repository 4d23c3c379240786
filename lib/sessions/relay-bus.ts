/**
 * The pub/sub the session relay (relay.ts) talks through: the process's shared one
 * (lib/redis/pubsub.ts, on REDIS_URL or Upstash), with the channels this relay subscribed to kept
 * here so that stopping the relay leaves the connectors' subscriptions alone. Channels are
 * unprefixed: the shared pub/sub adds REDIS_PREFIX.
 */
import "server-only";
import { getPubSub } from "@/lib/redis/pubsub";

export interface RelayBus {
  /** Answers how many subscribers got the message: 0 means nobody listens on the channel. */
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  onMessage(listener: (channel: string, message: string) => void): void;
  /** Drops this relay's subscriptions (the shared pub/sub stays open for others). */
  close(): Promise<void>;
}

/** The relay's bus, or null without Redis (one instance: nothing to relay). */
export function openRelayBus(): RelayBus | null {
  const pubsub = getPubSub();
  if (!pubsub) return null;
  const subscribed = new Set<string>();
  let listener: (channel: string, message: string) => void = () => {};
  return {
    publish: (channel, message) => pubsub.publish(channel, message),
    subscribe: async (channel) => {
      await pubsub.subscribe(channel, (message, heardOn) => listener(heardOn, message));
      subscribed.add(channel);
    },
    unsubscribe: async (channel) => {
      subscribed.delete(channel);
      await pubsub.unsubscribe(channel);
    },
    onMessage: (l) => void (listener = l),
    close: async () => {
      const channels = [...subscribed];
      subscribed.clear();
      await Promise.allSettled(channels.map((channel) => pubsub.unsubscribe(channel)));
    },
  };
}
