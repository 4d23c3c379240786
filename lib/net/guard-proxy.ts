/**
 * The guard: a forward proxy (plain HTTP, CONNECT, WebSocket upgrades) that every byte Chromium
 * sends must pass. For each request it resolves the host once, refuses unless every address is
 * public (or the exact origin is on ALLOW_PRIVATE_ORIGINS) and connects to an address it checked,
 * so neither a URL spelling nor a DNS answer that changes between check and use gets through.
 * Refusals answer 403 with `X-Glance-Guard: refused` and are logged with host and port only
 * (paths and queries can carry secrets).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { isAllowedOrigin } from "./policy";
import { bareHost, checkHost } from "./resolve";

export const GUARD_HEADER = "x-glance-guard";

/**
 * A name the guard answers itself (RFC 2606 reserves .invalid, so it is never a real site): a
 * readiness probe loads it through a browser context to show that browser's traffic reaches this
 * instance's guard, credentials included (D16). The answer names the guard, nothing else.
 */
export const GUARD_PROBE_HOST = "guard-probe.glance.invalid";

export interface GuardRefusal {
  kind: "http" | "connect" | "upgrade";
  host: string;
  port: number;
  reason: "private_address" | "target_unreachable" | "bad_request" | "unauthorized";
}

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

const IDLE_TIMEOUT_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;
const HOP_BY_HOP = new Set([
  "connection", "proxy-connection", "keep-alive", "proxy-authorization", "proxy-authenticate",
  "te", "trailer", "transfer-encoding", "upgrade",
]);

function logRefusal(r: GuardRefusal) {
  log.warn("net.guard.refused", { ...r });
}

/** Connects to the first checked address that answers; never resolves again. */
function connectPinned(addresses: string[], port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    let index = 0;
    const attempt = () => {
      const socket = net.connect({ host: addresses[index], port });
      socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error("connect timeout")));
      socket.once("connect", () => {
        socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
        resolve(socket);
      });
      socket.once("error", (err) => {
        socket.destroy();
        if (++index < addresses.length) attempt();
        else reject(err);
      });
    };
    attempt();
  });
}

function parsePort(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined || text === "") return fallback;
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

/** CONNECT's authority "host:port" / "[v6]:port". */
function parseAuthority(authority: string | undefined): { host: string; port: number } | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/@\s]+):(\d{1,5})$/.exec(authority ?? "");
  if (!m) return undefined;
  const port = parsePort(m[2], 0);
  if (!port) return undefined;
  // Normalise through the URL parser so the host compares like a WHATWG origin host.
  try {
    return { host: new URL(`http://${m[1]}`).hostname, port };
  } catch {
    return undefined;
  }
}

export async function startGuardProxy(options: GuardProxyOptions = {}): Promise<GuardProxy> {
  const expectedAuth = options.token ? `Basic ${Buffer.from(`glance:${options.token}`).toString("base64")}` : undefined;
  const id = randomUUID();
  const refuse = (r: GuardRefusal) => {
    // A 407 is the first half of every authenticated handshake (Chromium sends credentials only
    // when challenged), so it is not logged as a refusal; its caller still hears of it.
    if (r.reason !== "unauthorized") logRefusal(r);
    options.onRefusal?.(r);
  };
  const authorized = (req: http.IncomingMessage) => !expectedAuth || req.headers["proxy-authorization"] === expectedAuth;

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

  // Plain http:// requests in absolute form.
  server.on("request", async (req, res) => {
    const deny = (status: number, reason: GuardRefusal["reason"], host = "", port = 0) => {
      if (reason !== "bad_request") refuse({ kind: "http", host, port, reason });
      res.writeHead(status, {
        [GUARD_HEADER]: "refused",
        "content-type": "text/plain; charset=utf-8",
        connection: "close",
        ...(status === 407 ? { "proxy-authenticate": 'Basic realm="glance-guard"' } : {}),
      });
      res.end(status === 407 ? "Proxy authentication required\n" : "Blocked by the Glance target guard\n");
    };
    if (!authorized(req)) return deny(407, "unauthorized");
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      return deny(400, "bad_request");
    }
    if (target.protocol !== "http:" || !target.hostname) return deny(400, "bad_request");
    if (target.hostname === GUARD_PROBE_HOST) {
      // 200 with a body, not 204: a navigation to a 204 never commits.
      res.writeHead(200, { [GUARD_HEADER]: `probe ${id}`, "content-type": "text/plain", "cache-control": "no-store", connection: "close" });
      return res.end("glance guard\n");
    }
    const port = parsePort(target.port, 80);
    if (!port) return deny(400, "bad_request");
    const verdict = await checkHost(target.hostname, { allowPrivate: isAllowedOrigin(target) });
    if (!verdict.ok) return deny(403, verdict.reason, target.hostname, port);

    let upstreamSocket: net.Socket;
    try {
      upstreamSocket = await connectPinned(verdict.addresses, port);
    } catch {
      return deny(502, "target_unreachable", target.hostname, port);
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    headers.host = target.host;
    headers.connection = "close";
    const upstream = http.request({
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers,
      createConnection: () => upstreamSocket,
    });
    upstream.on("response", (upRes) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(upRes.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      }
      res.writeHead(upRes.statusCode ?? 502, out);
      upRes.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) deny(502, "target_unreachable", target.hostname, port);
      else res.destroy();
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });

  // Tunnels: https and (in Chromium) every WebSocket, ws:// included.
  server.on("connect", async (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on("error", () => client.destroy());
    const fail = (status: string, r?: GuardRefusal) => {
      if (r) refuse(r);
      const extra = status.startsWith("407") ? 'Proxy-Authenticate: Basic realm="glance-guard"\r\n' : "";
      client.end(`HTTP/1.1 ${status}\r\n${GUARD_HEADER}: refused\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`);
    };
    if (!authorized(req)) return fail("407 Proxy Authentication Required", { kind: "connect", host: "", port: 0, reason: "unauthorized" });
    const authority = parseAuthority(req.url);
    if (!authority) return fail("400 Bad Request");
    const { host, port } = authority;
    // A tunnel's scheme is only known from its first bytes (TLS or plain WebSocket), so an
    // allow-listed origin is matched exactly once the client has spoken.
    const httpsAllowed = isAllowedOrigin(`https://${host}:${port}`);
    const httpAllowed = isAllowedOrigin(`http://${host}:${port}`);
    let verdict = await checkHost(host);
    let mustSniff = false;
    if (!verdict.ok && verdict.reason === "private_address" && (httpsAllowed || httpAllowed)) {
      verdict = await checkHost(host, { allowPrivate: true });
      mustSniff = true;
    }
    if (!verdict.ok) return fail("403 Forbidden", { kind: "connect", host: bareHost(host), port, reason: verdict.reason });
    const addresses = verdict.addresses;
    const splice = (upstream: net.Socket, initial: Buffer) => {
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      if (initial.length > 0) upstream.write(initial);
      upstream.pipe(client);
      client.pipe(upstream);
      client.resume();
    };

    if (!mustSniff) {
      // Connect first, then confirm: the client's first bytes go straight into a live pipe.
      let upstream: net.Socket;
      try {
        upstream = await connectPinned(addresses, port);
      } catch {
        return fail("502 Bad Gateway", { kind: "connect", host: bareHost(host), port, reason: "target_unreachable" });
      }
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      return splice(upstream, head);
    }

    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    const initial = head.length > 0
      ? head
      : await new Promise<Buffer>((resolve) => {
          client.once("data", (chunk: Buffer) => resolve(chunk));
          client.once("close", () => resolve(Buffer.alloc(0)));
        });
    client.pause(); // anything after the first chunk waits in the socket's buffer
    const isTls = initial.length > 0 && initial[0] === 0x16;
    if (initial.length === 0 || !(isTls ? httpsAllowed : httpAllowed)) {
      refuse({ kind: "connect", host: bareHost(host), port, reason: "private_address" });
      client.destroy();
      return;
    }
    try {
      splice(await connectPinned(addresses, port), initial);
    } catch {
      refuse({ kind: "connect", host: bareHost(host), port, reason: "target_unreachable" });
      client.destroy();
    }
  });

  // ws:// sent to the proxy in absolute form (Chromium tunnels instead, other clients may not).
  server.on("upgrade", async (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on("error", () => client.destroy());
    const fail = (status: string, r?: GuardRefusal) => {
      if (r) refuse(r);
      const extra = status.startsWith("407") ? 'Proxy-Authenticate: Basic realm="glance-guard"\r\n' : "";
      client.end(`HTTP/1.1 ${status}\r\n${GUARD_HEADER}: refused\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`);
    };
    if (!authorized(req)) return fail("407 Proxy Authentication Required", { kind: "upgrade", host: "", port: 0, reason: "unauthorized" });
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      return fail("400 Bad Request");
    }
    if (target.protocol !== "http:" && target.protocol !== "ws:") return fail("400 Bad Request");
    const port = parsePort(target.port, 80);
    if (!port) return fail("400 Bad Request");
    const origin = new URL(`http://${target.host}`);
    const verdict = await checkHost(target.hostname, { allowPrivate: isAllowedOrigin(origin) });
    if (!verdict.ok) return fail("403 Forbidden", { kind: "upgrade", host: target.hostname, port, reason: verdict.reason });
    let upstream: net.Socket;
    try {
      upstream = await connectPinned(verdict.addresses, port);
    } catch {
      return fail("502 Bad Gateway", { kind: "upgrade", host: target.hostname, port, reason: "target_unreachable" });
    }
    const lines = [`${req.method} ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i];
      const lower = name.toLowerCase();
      if (lower === "host" || lower.startsWith("proxy-")) continue;
      lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    upstream.pipe(client);
    client.pipe(upstream);
  });

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
    id,
    url: `http://${urlHost}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy(); // tunnels are detached from the server
      }),
  };
}

let shared: Promise<GuardProxy> | undefined;

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
  shared ??= Promise.resolve()
    .then(() => startGuardProxy(guardOptionsFromEnv()))
    .catch((err) => {
      shared = undefined;
      throw err;
    });
  return shared;
}
