/**
 * What a pub/sub is (lib/redis/pubsub.ts chooses one; the contract is described there) and the
 * names and messages both backends carry alike.
 */
export type OnMessage = (message: string, channel: string) => void;

export interface PubSub {
  readonly kind: "redis" | "upstash";
  /** Sends `message` on `channel`; resolves to the number of subscriptions it reached. */
  publish(channel: string, message: string): Promise<number>;
  /** Calls `onMessage` for each message on `channel` (one listener per channel: a second call replaces it). */
  subscribe(channel: string, onMessage: OnMessage): Promise<void>;
  /** The same for every channel matching `pattern`, where `*` stands for any text; `onMessage` gets the channel. */
  psubscribe(pattern: string, onMessage: OnMessage): Promise<void>;
  /** Stops listening on a channel or pattern subscribed before (nothing when it was not). */
  unsubscribe(channelOrPattern: string): Promise<void>;
  /** Ends every subscription and connection. */
  close(): Promise<void>;
}

/** Messages starting with this are the layer's own (below): never delivered as they are, never publishable. */
const RESERVED = "glance-pubsub-";
/** Upstash: a probe of a silent subscription, dropped by every subscriber. */
export const PROBE_MARK = `${RESERVED}probe:`;
/** Upstash: a piece of a message too long for one line of the stream, put together by the subscriber. */
export const PART_MARK = `${RESERVED}part:`;

export const isReserved = (message: string) => message.startsWith(RESERVED);

/** Names both backends carry alike: the Upstash stream puts the channel in a URL path and splits its lines at commas. */
const NAME = /^[A-Za-z0-9_.:@-]+$/;

export function checkChannel(name: string, pattern = false): void {
  const bare = pattern ? name.replaceAll("*", "") : name;
  if (!NAME.test(bare) || (!pattern && name.includes("*")) || name.length > 512)
    throw new Error(`not a channel name this pub/sub carries: ${JSON.stringify(name.slice(0, 80))}`);
}

export function checkMessage(message: string): void {
  if (/[\r\n]/.test(message)) throw new Error("a pub/sub message is one line: it may not contain a line break");
  if (isReserved(message)) throw new Error(`a pub/sub message may not start with ${RESERVED}`);
}
