/**
 * What every guard path shares: parsing a request's target, connecting to an address that was
 * checked (never resolving again), joining two sockets, and one way to write a refusal.
 */
import type http from "node:http";
import net from "node:net";

export const GUARD_HEADER = "x-glance-guard";

export interface GuardRefusal {
  kind: "http" | "connect" | "upgrade";
  host: string;
  port: number;
  reason: "private_address" | "target_unreachable" | "bad_request" | "unauthorized";
}

/** What each path handler needs from the guard that owns it. */
export interface GuardContext {
  /** Random per guard; the probe answer carries it. */
  id: string;
  authorized(req: http.IncomingMessage): boolean;
  /** Logs (unless it is the 407 of a normal handshake) and tells the guard's owner. */
  refuse(refusal: GuardRefusal): void;
}

export const IDLE_TIMEOUT_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;
const PROXY_AUTHENTICATE = 'Basic realm="glance-guard"';

export const HOP_BY_HOP = new Set([
  "connection",
  "proxy-connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-authenticate",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** Connects to the first checked address that answers; never resolves again. */
export function connectPinned(addresses: string[], port: number): Promise<net.Socket> {
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

/** Joins a client socket to its upstream both ways; either side closing closes the other. */
export function splice(client: net.Socket, upstream: net.Socket, initial: Buffer) {
  upstream.on("error", () => client.destroy());
  client.on("close", () => upstream.destroy());
  upstream.on("close", () => client.destroy());
  if (initial.length > 0) upstream.write(initial);
  upstream.pipe(client);
  client.pipe(upstream);
  client.resume();
}

export function parsePort(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined || text === "") return fallback;
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

/** CONNECT's authority "host:port" / "[v6]:port". */
export function parseAuthority(authority: string | undefined): { host: string; port: number } | undefined {
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

export type RefusalStatus = 400 | 403 | 407 | 502;

const STATUS_TEXT: Record<RefusalStatus, string> = {
  400: "Bad Request",
  403: "Forbidden",
  407: "Proxy Authentication Required",
  502: "Bad Gateway",
};

/** Headers of every refusal; a 407 names its scheme, as RFC 9110 §11.7.1 requires. */
function refusalHeaders(status: RefusalStatus): Record<string, string> {
  return {
    [GUARD_HEADER]: "refused",
    connection: "close",
    ...(status === 407 ? { "proxy-authenticate": PROXY_AUTHENTICATE } : {}),
  };
}

/** A refusal on a parsed HTTP exchange (plain proxied requests). */
export function refuseResponse(res: http.ServerResponse, status: RefusalStatus) {
  res.writeHead(status, { ...refusalHeaders(status), "content-type": "text/plain; charset=utf-8" });
  res.end(status === 407 ? "Proxy authentication required\n" : "Blocked by the Glance target guard\n");
}

/**
 * For the raw-socket paths (CONNECT and upgrade leave HTTP behind): a socket error closes the
 * client, and the returned function tells the guard of a refusal (when there is one to report)
 * and writes it.
 */
export function socketRefuser(guard: GuardContext, client: net.Socket) {
  client.on("error", () => client.destroy());
  return (status: RefusalStatus, refusal?: GuardRefusal) => {
    if (refusal) guard.refuse(refusal);
    refuseSocket(client, status);
  };
}

/** The same refusal written on a raw socket. */
function refuseSocket(client: net.Socket, status: RefusalStatus) {
  const lines = [`HTTP/1.1 ${status} ${STATUS_TEXT[status]}`];
  for (const [name, value] of Object.entries(refusalHeaders(status))) lines.push(`${name}: ${value}`);
  lines.push("content-length: 0");
  client.end(`${lines.join("\r\n")}\r\n\r\n`);
}
