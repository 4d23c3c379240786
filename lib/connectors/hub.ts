/**
 * The server side of connectors (D42): the `/v1/connector` WebSocket upgrade (handed over by
 * scripts/server.ts like /v1/browser's, D39), its authentication by token, the hello that
 * declares the origins, the connectors live on this instance, their liveness (ping every 15 s,
 * status written to the row, a revoked token's socket closed), and the routes the network guard
 * asks (published into lib/net at start-up).
 */
import "server-only";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { recordAudit } from "@/lib/audit/audit-log";
import { findConnectorByToken, isConnectorActive, markConnectorGone, recordConnectorSeen } from "@/lib/keys/connectors";
import { log } from "@/lib/log";
import { ApiError, problemBody } from "@/lib/vocabulary/errors";
import { LiveConnector } from "./live";
import {
  CLOSE,
  CONNECTOR_PATH,
  MAX_FRAME_BYTES,
  MAX_ORIGINS,
  PROTOCOL_VERSION,
  canonicalOrigin,
  parseConnectorFrame,
} from "./protocol";

const HELLO_TIMEOUT_MS = 10_000;
const PING_MS = 15_000;

interface HubState {
  sockets: WebSocketServer;
  /** Live connectors on this instance by connector id. */
  live: Map<string, LiveConnector>;
  /**
   * The origins each workspace's active connectors declared (routes.ts refreshes it from the rows
   * every few seconds; a connection here adds its own at once, so it outlives the socket).
   */
  declared: Map<string, Set<string>>;
  /** Told of each connection here (relay.ts tells the other instances' caches at once). */
  onConnected: Array<(workspaceId: string, origins: string[]) => void>;
  pinger?: NodeJS.Timeout;
}
const KEY = Symbol.for("glance.connectors.hub");
const shared = globalThis as { [KEY]?: HubState };

export function hub(): HubState {
  return (shared[KEY] ??= {
    sockets: new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES }),
    live: new Map(),
    declared: new Map(),
    onConnected: [],
  });
}

function refuse(socket: Duplex, status: number, code: "invalid_api_key" | "missing_api_key", detail: string): void {
  const body = JSON.stringify(problemBody(new ApiError(code, detail)));
  socket.end(
    `HTTP/1.1 ${status} Unauthorized\r\nContent-Type: application/problem+json\r\nCache-Control: no-store\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Takes an upgrade for /v1/connector (answers true); false for any other path. */
export function handleConnectorUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const url = new URL(req.url ?? "/", "http://glance.invalid");
  if (url.pathname !== CONNECTOR_PATH) return false;
  socket.on("error", () => {});
  void admit(req, socket, head);
  return true;
}

async function admit(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  const auth = req.headers.authorization ?? "";
  const token = /^Bearer (\S+)$/i.exec(auth)?.[1];
  if (!token)
    return refuse(socket, 401, "missing_api_key", "Send the connector's token: Authorization: Bearer ct_live_…");
  const connector = await findConnectorByToken(token).catch(() => null);
  if (!connector) return refuse(socket, 401, "invalid_api_key", "Unknown or revoked connector token.");
  hub().sockets.handleUpgrade(req, socket, head, (ws) => awaitHello(ws, connector));
}

function awaitHello(ws: WebSocket, connector: { id: string; workspaceId: string; name: string }): void {
  const timer = setTimeout(() => ws.close(CLOSE.badHello, "no hello"), HELLO_TIMEOUT_MS);
  ws.once("message", (data, isBinary) => {
    clearTimeout(timer);
    const frame = isBinary ? null : parseConnectorFrame(data.toString());
    if (!frame || frame.type !== "hello") return ws.close(CLOSE.badHello, "the first frame must be hello");
    const origins = frame.origins.map(canonicalOrigin);
    if (origins.length === 0 || origins.length > MAX_ORIGINS || origins.some((o) => o === null))
      return ws.close(CLOSE.badHello, `declare 1 to ${MAX_ORIGINS} http(s) origins without paths`);
    void start(ws, connector, new Set(origins as string[]), frame.version);
  });
  ws.on("error", () => {});
}

async function start(
  ws: WebSocket,
  row: { id: string; workspaceId: string; name: string },
  origins: Set<string>,
  version: string,
): Promise<void> {
  const state = hub();
  const live = new LiveConnector(row.id, row.workspaceId, row.name, origins, version, ws);
  // The same token connected twice: the newer connection wins (a restarted program whose old
  // socket is not yet known dead); the older is told, and does not retry.
  state.live.get(row.id)?.close(CLOSE.replaced, "replaced by a newer connection");
  state.live.set(row.id, live);
  noteDeclared(row.workspaceId, [...origins]);
  for (const tell of state.onConnected) tell(row.workspaceId, [...origins]);
  ws.on("close", () => {
    if (state.live.get(row.id) === live) state.live.delete(row.id);
    void markGone(row.id, live.connectedAt);
  });
  try {
    await recordConnectorSeen(row.id, { connected: true, exposedOrigins: [...origins], version }, live.connectedAt);
    await recordAudit(row.workspaceId, null, "connector.connected", row.id, {
      origins: [...origins].join(" ").slice(0, 500),
      version: version.slice(0, 64),
    });
  } catch (error) {
    log.warn("could not record a connector's connection", { connectorId: row.id, error });
  }
  ws.send(
    JSON.stringify({
      type: "ready",
      connector: row.id,
      name: row.name,
      origins: [...origins],
      protocol: PROTOCOL_VERSION,
    }),
  );
  log.info("connector connected", { connectorId: row.id, userId: row.workspaceId, origins: [...origins] });
  ensurePinger();
}

/** Adds a workspace's newly declared origins to this instance's cache. */
export function noteDeclared(workspaceId: string, origins: readonly string[]): void {
  const state = hub();
  const declared = state.declared.get(workspaceId) ?? new Set<string>();
  for (const origin of origins) declared.add(origin);
  state.declared.set(workspaceId, declared);
}

/** Offline at once for every instance, unless a newer connection (here or elsewhere) took over. */
async function markGone(connectorId: string, connectedAt: Date): Promise<void> {
  await markConnectorGone(connectorId, connectedAt).catch(() => {});
}

function ensurePinger(): void {
  const state = hub();
  if (state.pinger) return;
  state.pinger = setInterval(() => void pingAll(), PING_MS);
  state.pinger.unref();
}

/** Each live connector: still active (a revoke ends it), heard from (status), pinged. */
async function pingAll(): Promise<void> {
  for (const live of hub().live.values()) {
    try {
      if (!(await isConnectorActive(live.id))) {
        live.close(CLOSE.revoked, "the connector's token was revoked");
        continue;
      }
      // No pong since the last ping: the socket is dead whatever TCP says.
      if (!live.heartbeat()) continue;
      await recordConnectorSeen(live.id, {});
    } catch (error) {
      log.warn("connector liveness check failed", { connectorId: live.id, error });
    }
  }
}

/** Closes every connector socket of this instance (shutdown, tests): their programs reconnect elsewhere. */
export function closeAllConnectors(): void {
  const state = hub();
  clearInterval(state.pinger);
  state.pinger = undefined;
  for (const live of state.live.values()) live.close(1012, "server restarting");
  state.live.clear();
}
