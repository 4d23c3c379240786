/**
 * Connectors across instances (D42): a connector's socket lands on one instance; a render on
 * another reaches it through Redis pub/sub (REDIS_URL). The asking instance publishes the request
 * on `<prefix>connector:to:<connector id>`; the instance holding that socket acknowledges at once
 * and later publishes the answer on `<prefix>connector:reply:<asking instance>`. A new connection's
 * origins are told to every instance on `<prefix>connector:declared`, for their early checks. No acknowledgement
 * within 2 s means nobody holds it (the holder died before the row said so): the next connector
 * is tried. Pub/sub, not streams: a request nobody takes at once is useless later, so nothing
 * needs keeping. Without REDIS_URL there is one instance, and nothing to relay.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { ForwardAnswer, ForwardRequest } from "@/lib/net/connector-route";
import { hub, noteDeclared } from "./hub";
import { ConnectorUnavailable } from "./live";

const ACK_MS = 2_000;
const instance = randomUUID();

interface Waiting {
  acked: boolean;
  resolve: (answer: ForwardAnswer) => void;
  reject: (error: Error) => void;
  timers: NodeJS.Timeout[];
}

interface RelayState {
  pub: Redis;
  sub: Redis;
  prefix: string;
  waiting: Map<string, Waiting>;
}
const KEY = Symbol.for("glance.connectors.relay");
const shared = globalThis as { [KEY]?: RelayState | null };

function relay(): RelayState | null {
  if (shared[KEY] !== undefined) return shared[KEY];
  const { REDIS_URL, REDIS_PREFIX } = env();
  if (!REDIS_URL) return (shared[KEY] = null);
  const options = { maxRetriesPerRequest: 1, connectTimeout: 5_000 };
  const state: RelayState = {
    pub: new Redis(REDIS_URL, options),
    sub: new Redis(REDIS_URL, options),
    prefix: REDIS_PREFIX,
    waiting: new Map(),
  };
  state.pub.on("error", () => {});
  state.sub.on("error", () => {});
  void state.sub.psubscribe(`${state.prefix}connector:to:*`);
  void state.sub.subscribe(`${state.prefix}connector:reply:${instance}`, `${state.prefix}connector:declared`);
  state.sub.on("pmessage", (_pattern, channel, message) => void serveRelayed(state, channel, message));
  state.sub.on("message", (channel, message) =>
    channel === `${state.prefix}connector:declared` ? onDeclared(message) : onReply(state, message),
  );
  // Every instance's early checks learn a new connection's origins at once, not at their next refresh.
  hub().onConnected.push((workspaceId, origins) => {
    void state.pub
      .publish(`${state.prefix}connector:declared`, JSON.stringify({ workspaceId, origins }))
      .catch(() => {});
  });
  return (shared[KEY] = state);
}

/** Starts listening for relayed requests (at start-up, so this instance's connectors are reachable). */
export function startRelay(): void {
  relay();
}

export async function stopRelay(): Promise<void> {
  const state = shared[KEY];
  shared[KEY] = undefined;
  if (!state) return;
  for (const w of state.waiting.values()) w.reject(new ConnectorUnavailable("this instance is stopping"));
  await Promise.allSettled([state.pub.quit(), state.sub.quit()]);
}

/** One request through a connector held by another instance. */
export function forwardElsewhere(
  connectorId: string,
  request: ForwardRequest,
  timeoutMs: number,
): Promise<ForwardAnswer> {
  const state = relay();
  if (!state) return Promise.reject(new ConnectorUnavailable("the connector is connected to another instance", true));
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
      from: instance,
      timeoutMs,
      request: { ...request, body: request.body?.toString("base64") },
    });
    state.pub.publish(`${state.prefix}connector:to:${connectorId}`, message).catch((error: unknown) => {
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
async function serveRelayed(state: RelayState, channel: string, message: string): Promise<void> {
  const live = hub().live.get(channel.slice(`${state.prefix}connector:to:`.length));
  if (!live?.open) return;
  let asked: { rid: string; from: string; timeoutMs: number; request: ForwardRequest & { body?: string } };
  try {
    asked = JSON.parse(message);
  } catch {
    return;
  }
  const reply = (body: object) =>
    state.pub
      .publish(`${state.prefix}connector:reply:${asked.from}`, JSON.stringify({ rid: asked.rid, ...body }))
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
