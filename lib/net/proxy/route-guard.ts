/**
 * The route guard (D41): a second listener of this instance's guard for renders that go through
 * a customer's proxy. A browser context's proxy can only be a proxy URL, and Chromium sends
 * credentials only when challenged, so the main guard (which lets unauthenticated loopback
 * traffic through to the target) cannot tell a proxied render's request from another's. This
 * listener challenges every request, and the credentials each render's page answers with name
 * its route: one random id and secret per render, registered for the render's life, holding the
 * customer's pinned proxy. Unknown or missing credentials get a 407 and go nowhere.
 *
 * It listens beside the main guard (same host, NET_GUARD_ROUTE_PORT or any port) and is reached
 * by browsers at NET_GUARD_URL's host when that is set (remote browsers), else like the guard.
 */
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { guardOptionsFromEnv } from "../guard-proxy";
import { IDLE_TIMEOUT_MS, refuseResponse, socketRefuser, type GuardContext } from "../guard/wire";
import { describeProxy, type PinnedProxy } from "./address";
import { routedHttp, routedTunnel, routedUpgrade, type RouteTarget } from "./routed";
import type { ProxyFailure } from "./upstream";

/** One render's way through a customer's proxy. */
export interface ProxyRoute {
  /** For the render's browser context: the route guard, nothing bypassed (loopback included). */
  boundary: { proxyServer: string; proxyBypassList: string[] };
  /** What the render's page answers the route guard's challenge with (page.authenticate). */
  credentials: { username: string; password: string };
  /** The first failure of the customer's proxy during the render, if any. */
  failure(): ProxyFailure | undefined;
  close(): void;
}

interface RouteEntry {
  secret: Buffer;
  target: RouteTarget;
}

interface RouteGuard {
  routes: Map<string, RouteEntry>;
  /** The URL browsers reach the route guard at. */
  url: string;
  close(): Promise<void>;
}

const USERNAME_PREFIX = "route-";

function credentialsOf(req: http.IncomingMessage): { username: string; password: string } | undefined {
  const header = req.headers["proxy-authorization"];
  const m = typeof header === "string" ? /^Basic ([A-Za-z0-9+/=]+)$/.exec(header) : null;
  if (!m) return undefined;
  const text = Buffer.from(m[1], "base64").toString("utf8");
  const colon = text.indexOf(":");
  return colon < 0 ? undefined : { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

function routeOf(routes: Map<string, RouteEntry>, req: http.IncomingMessage): RouteEntry | undefined {
  const given = credentialsOf(req);
  if (!given?.username.startsWith(USERNAME_PREFIX)) return undefined;
  const entry = routes.get(given.username);
  const password = Buffer.from(given.password);
  if (!entry || password.length !== entry.secret.length) return undefined;
  return timingSafeEqual(password, entry.secret) ? entry : undefined;
}

/** The URL browsers reach a listener on `port` at: NET_GUARD_URL's host (remote browsers) or the guard host. */
function browserUrl(host: string, port: number): string {
  const configured = env().NET_GUARD_URL;
  if (configured) {
    const url = new URL(configured);
    url.port = String(port);
    return url.origin;
  }
  const unspecified = host === "0.0.0.0" || host === "::";
  const reach = unspecified ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${reach}:${port}`;
}

async function startRouteGuard(): Promise<RouteGuard> {
  const host = guardOptionsFromEnv().host ?? "127.0.0.1";
  const routes = new Map<string, RouteEntry>();
  const guard: GuardContext = {
    id: randomUUID(),
    authorized: () => true,
    refuse: (refusal) => {
      if (refusal.reason !== "unauthorized") log.warn("net.guard.refused", { ...refusal, routed: true });
    },
  };
  const server = http.createServer();
  server.maxConnections = 1024;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 0;
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => socket.destroy());
  });
  // Every path starts by naming its route; no route, no connection anywhere (407).
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const entry = routeOf(routes, req);
    if (!entry) return refuseResponse(res, 407);
    void routedHttp(guard, entry.target, req, res);
  });
  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const entry = routeOf(routes, req);
    if (!entry) return socketRefuser(guard, client)(407);
    void routedTunnel(guard, entry.target, req, client, head);
  });
  server.on("upgrade", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const entry = routeOf(routes, req);
    if (!entry) return socketRefuser(guard, client)(407);
    void routedUpgrade(guard, entry.target, req, client, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env().NET_GUARD_ROUTE_PORT, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    routes,
    url: browserUrl(host, port),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

// On globalThis for the reason the main guard is (guard-proxy.ts): one per process, whichever chunk asks.
const SHARED_KEY = Symbol.for("glance.net.route-guard");
type GlobalWithRouteGuard = typeof globalThis & { [SHARED_KEY]?: Promise<RouteGuard> };
const holder = globalThis as GlobalWithRouteGuard;

function routeGuard(): Promise<RouteGuard> {
  holder[SHARED_KEY] ??= startRouteGuard().catch((err: unknown) => {
    holder[SHARED_KEY] = undefined;
    throw err;
  });
  return holder[SHARED_KEY];
}

/** Stops the route guard (shutdown, tests); routes still open stop working. */
export async function closeRouteGuard(): Promise<void> {
  const running = holder[SHARED_KEY];
  holder[SHARED_KEY] = undefined;
  await (await running?.catch(() => undefined))?.close();
}

/**
 * Opens one render's route through `proxy` (already pinned, ./address.ts). The caller closes it
 * when the render's context is closed; until then its credentials lead to that proxy only.
 */
export async function openProxyRoute(proxy: PinnedProxy): Promise<ProxyRoute> {
  const guard = await routeGuard();
  const username = `${USERNAME_PREFIX}${randomUUID()}`;
  const password = randomBytes(24).toString("base64url");
  let first: ProxyFailure | undefined;
  guard.routes.set(username, {
    secret: Buffer.from(password),
    target: {
      proxy,
      failed: (failure) => {
        if (!first)
          log.warn("net.proxy.failed", { proxy: describeProxy(proxy), kind: failure.kind, detail: failure.message });
        first ??= failure;
      },
    },
  });
  return {
    boundary: { proxyServer: guard.url, proxyBypassList: ["<-loopback>"] },
    credentials: { username, password },
    failure: () => first,
    close: () => void guard.routes.delete(username),
  };
}
