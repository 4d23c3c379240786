/**
 * Pub/sub over Upstash's REST API with @upstash/redis. PUBLISH is an ordinary command (its reply
 * is the receiver count). `redis.subscribe(channel)` / `psubscribe(pattern)` POST to
 * `<url>/subscribe/<channel>` (`/psubscribe/<pattern>`) with `Accept: text/event-stream` and read
 * the answer as a stream of `data: <kind>,<channel>,<message>` lines (`pmessage,<pattern>,…` for a
 * pattern); the first, `subscribe,<channel>,<count>`, says the subscription is live. Each channel
 * is a stream of its own.
 *
 * The library says nothing when a stream ends after it began (Upstash closing it, the network,
 * Node's fetch ending a body silent for 5 minutes), so a subscription would go deaf unnoticed.
 * Here each one is watched: a message heard proves it alive; one silent for a whole period is
 * probed (a message starting with PROBE_MARK on its own channel, which every subscriber drops);
 * when the probe has not come back by the next period, a new stream is opened and, once it is
 * live, the old one is dropped. An idle subscription costs one PUBLISH every two periods.
 *
 * The library also ends a stream on a line longer than 1 MB (characters), and a relayed answer or
 * a screenshot can be longer: a message over PART_CHARS is published in pieces, one request each
 * and in order, which each subscriber puts together before its listener sees the whole.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { Redis } from "@upstash/redis";
import { log } from "@/lib/log";
import {
  checkChannel,
  checkMessage,
  type OnMessage,
  PART_MARK,
  PROBE_MARK,
  type PubSub,
} from "@/lib/redis/pubsub-contract";

type Stream = ReturnType<Redis["subscribe"]>;

interface Held {
  key: string;
  /** The prefixed channel or pattern. */
  name: string;
  pattern: boolean;
  onMessage: OnMessage;
  /** The live stream (undefined until the first is confirmed). */
  stream?: Stream;
  /** The first subscription: settled once it is live or could not be made. */
  ready: Promise<void>;
  heard: boolean;
  probed: boolean;
  renewing: boolean;
  failing: boolean;
  /** Pieces of longer messages, by channel and message id, until the last arrives. */
  parts: Map<string, { pieces: string[]; left: number; timer: NodeJS.Timeout }>;
}

const PROBE_EVERY_MS = 15_000;
/** How long a new stream may take to say it is live. */
const CONFIRM_MS = 10_000;
/** A quarter of the library's 1 MB line, channel and all. */
const PART_CHARS = 256 * 1024;
const MAX_PARTS = 256;
/** Pieces whose message never completes (its publisher died) are dropped after this. */
const PARTS_WAIT_MS = 30_000;

export class UpstashPubSub implements PubSub {
  readonly kind = "upstash" as const;
  private readonly client: Redis;
  private readonly held = new Map<string, Held>();
  private readonly probe = PROBE_MARK + randomUUID();
  private watch?: NodeJS.Timeout;

  constructor(
    url: string,
    token: string,
    private readonly prefix: string,
    private readonly probeMs = PROBE_EVERY_MS,
  ) {
    // Messages are our own text: the library must not JSON.parse them.
    this.client = new Redis({ url, token, automaticDeserialization: false, enableTelemetry: false });
  }

  async publish(channel: string, message: string): Promise<number> {
    checkChannel(channel);
    checkMessage(message);
    const name = this.prefix + channel;
    if (message.length <= PART_CHARS) return this.client.publish(name, message);
    const pieces = split(message);
    if (pieces.length > MAX_PARTS)
      throw new Error(`a pub/sub message over Upstash is at most ${MAX_PARTS * PART_CHARS} characters`);
    const id = randomUUID().replaceAll("-", "");
    // One request each, in order: auto-pipelined together they would make one request as long as the message.
    let receivers = Infinity;
    for (const [i, piece] of pieces.entries()) {
      receivers = Math.min(
        receivers,
        await this.client.publish(name, `${PART_MARK}${id}:${i}:${pieces.length}:${piece}`),
      );
      if (receivers === 0) break;
    }
    return receivers;
  }

  async subscribe(channel: string, onMessage: OnMessage): Promise<void> {
    checkChannel(channel);
    return this.listen(this.prefix + channel, false, onMessage);
  }

  async psubscribe(pattern: string, onMessage: OnMessage): Promise<void> {
    checkChannel(pattern, true);
    return this.listen(this.prefix + pattern, true, onMessage);
  }

  private listen(name: string, pattern: boolean, onMessage: OnMessage): Promise<void> {
    const key = `${pattern ? "p" : "c"}:${name}`;
    const existing = this.held.get(key);
    if (existing) {
      existing.onMessage = onMessage;
      return existing.ready;
    }
    const held: Held = {
      key,
      name,
      pattern,
      onMessage,
      ready: Promise.resolve(),
      heard: true,
      probed: false,
      renewing: false,
      failing: false,
      parts: new Map(),
    };
    this.held.set(key, held);
    held.ready = this.open(held).catch((error: unknown) => {
      if (this.held.get(key) === held) this.held.delete(key);
      throw error;
    });
    this.watch ??= setInterval(() => this.check(), this.probeMs).unref();
    return held.ready;
  }

  /** A new stream for `held`; it replaces the current one the moment it is live (in the event, so no message of it is missed). */
  private open(held: Held): Promise<void> {
    const stream = held.pattern ? this.client.psubscribe<string>(held.name) : this.client.subscribe<string>(held.name);
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error || this.held.get(held.key) !== held) {
          void stream.unsubscribe();
          return error ? reject(error) : resolve();
        }
        const retired = held.stream;
        held.stream = stream;
        held.heard = true;
        held.probed = false;
        void retired?.unsubscribe();
        resolve();
      };
      const timer = setTimeout(
        () => settle(new Error(`Upstash did not confirm the subscription within ${CONFIRM_MS / 1000} s`)),
        CONFIRM_MS,
      );
      stream.on(held.pattern ? "psubscribe" : "subscribe", () => settle());
      stream.on("error", (error) => settle(error));
      if (held.pattern) stream.on("pmessage", (data) => this.deliver(held, stream, data.channel, data.message));
      else stream.on("message", (data) => this.deliver(held, stream, data.channel, data.message));
    });
  }

  private deliver(held: Held, stream: Stream, channel: string, message: string): void {
    // Once a new stream is live, the one it replaced is not heard: what is published from then on arrives on the new one.
    // Nor is one unsubscribed: its request is aborted, and may still be read for a moment.
    if (held.stream !== stream || this.held.get(held.key) !== held) return;
    held.heard = true;
    held.probed = false;
    if (message.startsWith(PROBE_MARK)) return;
    const whole = message.startsWith(PART_MARK) ? assemble(held, channel, message) : message;
    if (whole !== undefined) held.onMessage(whole, channel.slice(this.prefix.length));
  }

  /** Each period: heard → fine; silent → probe; probed and still silent → a new stream. */
  private check(): void {
    for (const held of this.held.values()) {
      if (!held.stream || held.renewing) continue;
      if (held.heard) held.heard = false;
      else if (held.probed) void this.renew(held);
      else {
        held.probed = true;
        // A channel that matches the pattern and names no real one.
        const channel = held.pattern ? held.name.replaceAll("*", "glance-pubsub-probe") : held.name;
        this.client.publish(channel, this.probe).catch(() => {});
      }
    }
  }

  private async renew(held: Held): Promise<void> {
    held.renewing = true;
    try {
      await this.open(held);
      if (held.failing) log.info("an Upstash subscription is live again", { channel: held.name });
      held.failing = false;
    } catch (error) {
      // Still probed and silent: the next period tries again.
      if (!held.failing) log.warn("an Upstash subscription went silent and could not be renewed", { error });
      held.failing = true;
    } finally {
      held.renewing = false;
    }
  }

  async unsubscribe(channelOrPattern: string): Promise<void> {
    const name = this.prefix + channelOrPattern;
    for (const key of [`c:${name}`, `p:${name}`]) {
      const held = this.held.get(key);
      if (!held) continue;
      this.held.delete(key);
      // Aborting the request ends the stream; Upstash ends the subscription with it.
      await held.stream?.unsubscribe();
    }
    if (this.held.size === 0) this.stopWatching();
  }

  private stopWatching(): void {
    clearInterval(this.watch);
    this.watch = undefined;
  }

  async close(): Promise<void> {
    this.stopWatching();
    const all = [...this.held.values()];
    this.held.clear();
    await Promise.allSettled(all.map((held) => held.stream?.unsubscribe()));
  }
}

/** Pieces of at most PART_CHARS, never cut inside a surrogate pair (half of one would not survive UTF-8). */
function split(message: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < message.length;) {
    let end = Math.min(start + PART_CHARS, message.length);
    if (end < message.length && /[\uD800-\uDBFF]/.test(message[end - 1])) end--;
    pieces.push(message.slice(start, end));
    start = end;
  }
  return pieces;
}

/** The whole message once its last piece arrived, else undefined. */
function assemble(held: Held, channel: string, message: string): string | undefined {
  const part = message.slice(PART_MARK.length);
  const head = /^([0-9a-f]{32}):(\d+):(\d+):/.exec(part);
  if (!head) return undefined;
  const [index, count] = [Number(head[2]), Number(head[3])];
  if (count > MAX_PARTS || index >= count) return undefined;
  const key = `${channel} ${head[1]}`;
  let pending = held.parts.get(key);
  if (!pending) {
    const timer = setTimeout(() => held.parts.delete(key), PARTS_WAIT_MS).unref();
    held.parts.set(key, (pending = { pieces: new Array<string>(count), left: count, timer }));
  }
  // A renewal may deliver a piece twice.
  if (pending.pieces[index] !== undefined) return undefined;
  pending.pieces[index] = part.slice(head[0].length);
  if (--pending.left > 0) return undefined;
  clearTimeout(pending.timer);
  held.parts.delete(key);
  return pending.pieces.join("");
}
