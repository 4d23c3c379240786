/**
 * Connectors across instances (D42): a connector's socket lands on one instance; a render on
 * another reaches it through Redis pub/sub (lib/redis/pubsub.ts: REDIS_URL, or Upstash's streamed
 * subscriptions). The asking instance publishes the request on `connector:to:<connector id>`; the
 * instance holding that socket acknowledges at once and later publishes the answer on
 * `connector:reply:<asking instance>`. A new connection's origins are told to every instance on
 * `connector:declared`, for their early checks (channels under REDIS_PREFIX). No acknowledgement
 * within 2 s means nobody holds it (the holder died before the row said so): the next connector
 * is tried. Pub/sub, not streams: a request nobody takes at once is useless later, so nothing
 * needs keeping. Without Redis there is one instance, and nothing to relay.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/log";
import type { ForwardAnswer, ForwardRequest } from "@/lib/net/connector-route";
import { getPubSub, type PubSub } from "@/lib/redis/pubsub";
import { hub, noteDeclared } from "./hub";
import { ConnectorUnavailable } from "./live";

const ACK_MS = 2_000;
const DECLARED = "connector:declared";
const TO = "connector:to:";

interface Waiting {
  acked: boolean;
  resolve: (answer: ForwardAnswer) => void;
  reject: (error: Error) => void;
  timers: NodeJS.Timeout[];
}

interface RelayState {
  /** Kept here, not in the module: `next start` may bundle this module twice, and both must use the one reply channel. */
  instance: string;
  pubsub: PubSub;
  /** Whether this instance's channels are subscribed (awaited before it forwards anything). */
  ready: Promise<boolean>;
  /** They could not be (Redis unreachable at start-up): the next forward starts the relay again. */
  broken: boolean;
  waiting: Map<string, Waiting>;
}
const KEY = Symbol.for("glance.connectors.relay");
const shared = globalThis as { [KEY]?: RelayState | null };

const replies = (instance: string) => `connector:reply:${instance}`;

const channelsOf = (state: RelayState) => [`${TO}*`, replies(state.instance), DECLARED];

function relay(): RelayState | null {
  const current = shared[KEY];
  if (current?.broken) {
    // Its other channels are subscribed again below, with the new state's listeners.
    void current.pubsub.unsubscribe(replies(current.instance));
  } else if (current !== undefined) return current;
  const pubsub = getPubSub();
  if (!pubsub) return (shared[KEY] = null);
  const state: RelayState = {
    instance: randomUUID(),
    pubsub,
    ready: Promise.resolve(true),
    broken: false,
    waiting: new Map(),
  };
  state.ready = Promise.all([
    pubsub.psubscribe(`${TO}*`, (message, channel) => void serveRelayed(state, channel.slice(TO.length), message)),
    pubsub.subscribe(replies(state.instance), (message) => onReply(state, message)),
    pubsub.subscribe(DECLARED, onDeclared),
  ]).then(
    () => true,
    (error: unknown) => {
      log.warn("the connector relay is unavailable", { error });
      state.broken = true;
      return false;
    },
  );
  // Every instance's early checks learn a new connection's origins at once, not at their next refresh.
  hub().onConnected.push((workspaceId, origins) => {
    if (shared[KEY] === state) state.pubsub.publish(DECLARED, JSON.stringify({ workspaceId, origins })).catch(() => {});
  });
  return (shared[KEY] = state);
}

/** Starts listening for relayed requests (at start-up, so this instance's connectors are reachable). */
export function startRelay(): void {
  relay();
}

/** Whether other instances can reach this one's connectors: once its channels are subscribed, true. */
export function relayReady(): Promise<boolean> {
  return relay()?.ready ?? Promise.resolve(false);
}

export async function stopRelay(): Promise<void> {
  const state = shared[KEY];
  shared[KEY] = undefined;
  if (!state) return;
  for (const w of state.waiting.values()) w.reject(new ConnectorUnavailable("this instance is stopping"));
  // The pub/sub is the process's, shared with the browsing relay (D43): only this relay's channels end.
  await Promise.allSettled(channelsOf(state).map((channel) => state.pubsub.unsubscribe(channel)));
}

/** One request through a connector held by another instance. */
export async function forwardElsewhere(
  connectorId: string,
  request: ForwardRequest,
  timeoutMs: number,
): Promise<ForwardAnswer> {
  const state = relay();
  if (!state) throw new ConnectorUnavailable("the connector is connected to another instance", true);
  // An answer on a reply channel not yet subscribed would be lost.
  if (!(await state.ready)) throw new ConnectorUnavailable("Redis is unavailable to reach other instances", true);
  const rid = randomUUID();
  return new Promise<ForwardAnswer>((resolve, reject) => {
    const done = () => {
      for (const t of waiting.timers) clearTimeout(t);
      state.waiting.delete(rid);
    };
    const waiting: Waiting = {
      acked: false,
      resolve: (a) => (done(), resolve(a)),
      reject: (e) => (done(), reject(e)),
      timers: [],
    };
    waiting.timers.push(
      setTimeout(() => {
        if (!waiting.acked) waiting.reject(new ConnectorUnavailable("no instance holds the connector", true));
      }, ACK_MS),
      setTimeout(
        () =>
          waiting.reject(
            new ConnectorUnavailable(`the connector did not answer within ${Math.round(timeoutMs / 1000)} s`),
          ),
        timeoutMs + ACK_MS,
      ),
    );
    state.waiting.set(rid, waiting);
    const message = JSON.stringify({
      rid,
      from: state.instance,
      timeoutMs,
      request: { ...request, body: request.body?.toString("base64") },
    });
    state.pubsub.publish(`${TO}${connectorId}`, message).catch((error: unknown) => {
      waiting.reject(new ConnectorUnavailable(`Redis refused the request (${String(error)})`, true));
    });
  });
}

function onDeclared(message: string): void {
  try {
    const { workspaceId, origins } = JSON.parse(message) as { workspaceId: unknown; origins: unknown };
    if (typeof workspaceId === "string" && Array.isArray(origins))
      noteDeclared(
        workspaceId,
        origins.filter((o): o is string => typeof o === "string"),
      );
  } catch {
    // Not ours to understand: ignored.
  }
}

function onReply(state: RelayState, message: string): void {
  let reply: {
    rid: string;
    ack?: true;
    answer?: { status: number; headers: Record<string, string>; body: string };
    error?: string;
    gone?: boolean;
  };
  try {
    reply = JSON.parse(message);
  } catch {
    return;
  }
  const waiting = state.waiting.get(reply.rid);
  if (!waiting) return;
  if (reply.ack) {
    waiting.acked = true;
    return;
  }
  if (reply.answer)
    waiting.resolve({
      status: reply.answer.status,
      headers: reply.answer.headers,
      body: Buffer.from(reply.answer.body, "base64"),
    });
  else waiting.reject(new ConnectorUnavailable(reply.error ?? "the connector did not answer", reply.gone ?? false));
}

/** A request another instance relayed: answered when the connector is live here, ignored otherwise. */
async function serveRelayed(state: RelayState, connectorId: string, message: string): Promise<void> {
  const live = hub().live.get(connectorId);
  if (!live?.open) return;
  let asked: { rid: string; from: string; timeoutMs: number; request: ForwardRequest & { body?: string } };
  try {
    asked = JSON.parse(message);
  } catch {
    return;
  }
  const reply = (body: object) =>
    state.pubsub
      .publish(replies(asked.from), JSON.stringify({ rid: asked.rid, ...body }))
      .catch((error: unknown) => log.warn("could not relay a connector's answer", { error }));
  await reply({ ack: true });
  try {
    const answer = await live.forward(
      { ...asked.request, body: asked.request.body ? Buffer.from(asked.request.body, "base64") : undefined },
      Math.min(asked.timeoutMs, 60_000),
    );
    await reply({ answer: { status: answer.status, headers: answer.headers, body: answer.body.toString("base64") } });
  } catch (error) {
    const gone = error instanceof ConnectorUnavailable && error.gone;
    await reply({ error: error instanceof Error ? error.message : String(error), gone });
  }
}
