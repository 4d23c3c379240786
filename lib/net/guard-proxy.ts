/**
 * The guard: a forward proxy (plain HTTP, CONNECT, WebSocket upgrades) that every byte Chromium
 * sends must pass. For each request it resolves the host once, refuses unless every address is
 * public (or the exact origin is on ALLOW_PRIVATE_ORIGINS) and connects to an address it checked,
 * so neither a URL spelling nor a DNS answer that changes between check and use gets through.
 * Refusals answer 403 with `X-Glance-Guard: refused` and are logged with host and port only
 * (paths and queries can carry secrets). This file owns the server; one handler per path lives in
 * ./guard (http-forward, tunnel, upgrade) around the shared wire helpers (./guard/wire.ts).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { forwardHttp } from "./guard/http-forward";
import { openTunnel } from "./guard/tunnel";
import { forwardUpgrade } from "./guard/upgrade";
import { IDLE_TIMEOUT_MS, type GuardContext, type GuardRefusal } from "./guard/wire";

export { GUARD_PROBE_HOST } from "./guard/http-forward";
export { GUARD_HEADER, type GuardRefusal } from "./guard/wire";

export interface GuardProxyOptions {
  /** Interface to listen on; loopback unless remote browsers must reach the guard. */
  host?: string;
  port?: number;
  /** When set, clients must send `Proxy-Authorization: Basic base64("glance:<token>")`. */
  token?: string;
  onRefusal?: (refusal: GuardRefusal) => void;
}

export interface GuardProxy {
  host: string;
  port: number;
  /** Random per guard: what the probe answer carries in GUARD_HEADER ("probe <id>"). */
  id: string;
  /** http://host:port, for --proxy-server. */
  url: string;
  close(): Promise<void>;
}

export async function startGuardProxy(options: GuardProxyOptions = {}): Promise<GuardProxy> {
  const expectedAuth = options.token ? `Basic ${Buffer.from(`glance:${options.token}`).toString("base64")}` : undefined;
  const guard: GuardContext = {
    id: randomUUID(),
    authorized: (req) => !expectedAuth || req.headers["proxy-authorization"] === expectedAuth,
    refuse: (refusal) => {
      // A 407 is the first half of every authenticated handshake (Chromium sends credentials only
      // when challenged), so it is not logged as a refusal; its caller still hears of it.
      if (refusal.reason !== "unauthorized") log.warn("net.guard.refused", { ...refusal });
      options.onRefusal?.(refusal);
    },
  };

  const server = http.createServer();
  server.maxConnections = 1024;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 0; // bodies stream through; idle sockets are bounded below

  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => socket.destroy());
  });
  server.on("request", (req, res) => void forwardHttp(guard, req, res));
  server.on(
    "connect",
    (req: http.IncomingMessage, client: net.Socket, head: Buffer) => void openTunnel(guard, req, client, head),
  );
  server.on(
    "upgrade",
    (req: http.IncomingMessage, client: net.Socket, head: Buffer) => void forwardUpgrade(guard, req, client, head),
  );

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    host,
    port,
    id: guard.id,
    url: `http://${urlHost}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy(); // tunnels are detached from the server
      }),
  };
}

// On globalThis: the production server bundles this module into more than one chunk (the routes,
// /readyz, instrumentation), and every copy must use the one guard the browsers' contexts name —
// a second would fail to listen on a fixed NET_GUARD_PORT, or answer /readyz's probe with an id
// that is not the one the probe page reaches (D29: found by the compose stack test).
const SHARED_KEY = Symbol.for("glance.net.guard");
type GlobalWithGuard = typeof globalThis & { [SHARED_KEY]?: Promise<GuardProxy> };
const holder = globalThis as GlobalWithGuard;

/** Options for the process-wide guard, from NET_GUARD_HOST / NET_GUARD_PORT / NET_GUARD_TOKEN. */
export function guardOptionsFromEnv(): GuardProxyOptions {
  const config = env();
  const host = config.NET_GUARD_HOST;
  const loopbackOnly = host === "127.0.0.1" || host === "::1" || host === "localhost";
  if (!loopbackOnly && !config.NET_GUARD_TOKEN) {
    // An unauthenticated forward proxy on a network interface is an open proxy.
    throw new Error("NET_GUARD_TOKEN must be set when NET_GUARD_HOST is not a loopback address");
  }
  return { host, port: config.NET_GUARD_PORT, token: config.NET_GUARD_TOKEN };
}

/**
 * The process-wide guard, started on first use (lib/browser asks for it through
 * chromiumNetworkArgs / remoteEndpointWithGuard).
 */
export function guardProxy(): Promise<GuardProxy> {
  holder[SHARED_KEY] ??= Promise.resolve()
    .then(() => startGuardProxy(guardOptionsFromEnv()))
    .catch((err) => {
      holder[SHARED_KEY] = undefined;
      throw err;
    });
  return holder[SHARED_KEY];
}
