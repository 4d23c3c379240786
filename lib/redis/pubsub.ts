/**
 * Publish/subscribe between instances (D12, D42, D43), chosen by configuration as the shared
 * client is (lib/redis/index.ts): Upstash when UPSTASH_REDIS_REST_URL is set (PUBLISH is a REST
 * command; a subscription is a stream @upstash/redis holds open over HTTP), else ioredis on
 * REDIS_URL (one connection publishes, another subscribes), else null — one instance, nothing to
 * tell. Channels are unprefixed here, as keys are: the implementation adds REDIS_PREFIX, so
 * instances see each other only under the same prefix.
 *
 * What a caller may count on, on both backends:
 * - `publish` resolves to the number of subscriptions that received the message (0: nobody
 *   listens, which the relays read as "no instance holds it") and rejects when Redis cannot be
 *   reached;
 * - `subscribe` / `psubscribe` resolve once the subscription is live (a message published after
 *   that reaches it) and reject when it could not be made; the channel is then not subscribed;
 * - once live, a subscription outlives a lost connection: ioredis reconnects and subscribes again;
 *   on Upstash, whose streams can end without @upstash/redis saying so, a subscription that has
 *   heard nothing for a while is probed (a message of the layer's own, on its channel, that no
 *   listener sees) and opened again when the probe does not come back. Messages published while a
 *   subscription is down are lost, and one published while an Upstash subscription is renewed may
 *   arrive twice: pub/sub here carries requests worth nothing later, so nothing is kept or replayed;
 * - a message is one line of text (JSON.stringify writes one) of any length: Upstash's stream is
 *   read line by line, so a line break is refused on both backends, as is the layer's own
 *   beginning (`glance-pubsub-`); a message longer than a line of the stream may be (1 MB) goes
 *   over Upstash in pieces, each subscriber hearing it whole.
 */
import "server-only";
import { type RedisConfig, sharedRedisConfig } from "@/lib/redis/config";
import type { PubSub } from "@/lib/redis/pubsub-contract";
import { IoRedisPubSub } from "@/lib/redis/pubsub-ioredis";
import { UpstashPubSub } from "@/lib/redis/pubsub-upstash";

export type { OnMessage, PubSub } from "@/lib/redis/pubsub-contract";

interface PubSubConfig extends RedisConfig {
  /** Upstash: how long a silent subscription waits before it is probed (tests shorten it). */
  probeMs?: number;
}

/** A new pub/sub for explicit configuration; the caller owns it and must close() it. */
export function createPubSub(config: PubSubConfig): PubSub | null {
  if (config.upstashUrl) {
    if (!config.upstashToken) throw new Error("UPSTASH_REDIS_REST_TOKEN is required with UPSTASH_REDIS_REST_URL");
    return new UpstashPubSub(config.upstashUrl, config.upstashToken, config.prefix, config.probeMs);
  }
  if (config.redisUrl) return new IoRedisPubSub(config.redisUrl, config.prefix);
  return null;
}

// One per process and configuration on globalThis: `next start` may bundle this module twice, and
// both copies must share the subscriptions (and the connections) the relays made.
const SHARED = Symbol.for("glance.redis.pubsub");
type Registry = Map<string, PubSub>;
const registry: Registry = ((globalThis as Record<symbol, unknown>)[SHARED] as Registry | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[SHARED] = registry;

/** The shared pub/sub for the current configuration, or null without Redis (one instance). */
export function getPubSub(): PubSub | null {
  const shared = sharedRedisConfig();
  if (!shared) return null;
  const { config, id } = shared;
  let pubsub = registry.get(id);
  if (!pubsub) registry.set(id, (pubsub = createPubSub(config)!));
  return pubsub;
}

/** Closes the shared pub/subs (tests, shutdown); a later getPubSub() opens a new one. */
export async function closePubSub(): Promise<void> {
  const all = [...registry.values()];
  registry.clear();
  await Promise.allSettled(all.map((p) => p.close()));
}
