/**
 * The guard's paths for a render that goes through the customer's proxy (D41): the same three
 * ways Chromium sends (CONNECT tunnels, plain http in absolute form, ws:// upgrades), with the
 * same refusal writer, but the connection goes to the customer's proxy instead of the target.
 * The target's name is not resolved here — the proxy resolves it — so what Glance can judge is
 * what needs no DNS: IP literals and names refused by name stay refused (D9), whatever proxy
 * stands behind; ALLOW_PRIVATE_ORIGINS lets exact origins through as everywhere.
 */
import http from "node:http";
import type net from "node:net";
import { isAllowedOrigin } from "../policy";
import { bareHost, verdictWithoutLookup } from "../resolve";
import {
  HOP_BY_HOP,
  parseAuthority,
  parsePort,
  refuseResponse,
  socketRefuser,
  splice,
  type GuardContext,
} from "../guard/wire";
import type { PinnedProxy } from "./address";
import { basicCredentials, connectToProxy, ProxyFailure, tunnelThroughProxy } from "./upstream";

/** What a routed path needs beyond the guard's context: whose proxy, and where to report its failures. */
export interface RouteTarget {
  proxy: PinnedProxy;
  failed(failure: ProxyFailure): void;
}

type Verdict = "refused" | "allowed" | { sniff: { https: boolean; http: boolean } };

/** D9 without DNS: a private literal or a reserved name is refused unless its exact origin is allowed. */
function judge(host: string, port: number, scheme?: "http" | "https"): Verdict {
  const verdict = verdictWithoutLookup(host);
  if (!verdict || verdict.ok) return "allowed";
  if (scheme) return isAllowedOrigin(`${scheme}://${host}:${port}`) ? "allowed" : "refused";
  const https = isAllowedOrigin(`https://${host}:${port}`);
  const httpAllowed = isAllowedOrigin(`http://${host}:${port}`);
  if (https && httpAllowed) return "allowed";
  return https || httpAllowed ? { sniff: { https, http: httpAllowed } } : "refused";
}

function firstChunk(client: net.Socket, head: Buffer): Promise<Buffer> {
  if (head.length > 0) return Promise.resolve(head);
  return new Promise<Buffer>((resolve) => {
    client.once("data", (chunk: Buffer) => resolve(chunk));
    client.once("close", () => resolve(Buffer.alloc(0)));
  });
}

export async function routedTunnel(
  guard: GuardContext,
  route: RouteTarget,
  req: http.IncomingMessage,
  client: net.Socket,
  head: Buffer,
) {
  const fail = socketRefuser(guard, client);
  const authority = parseAuthority(req.url);
  if (!authority) return fail(400);
  const { host, port } = authority;
  const verdict = judge(host, port);
  if (verdict === "refused")
    return fail(403, { kind: "connect", host: bareHost(host), port, reason: "private_address" });
  let initial = head;
  if (verdict !== "allowed") {
    // An allow-listed origin is matched exactly once the client's first bytes tell TLS from plain.
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    initial = await firstChunk(client, head);
    client.pause();
    const isTls = initial.length > 0 && initial[0] === 0x16;
    if (initial.length === 0 || !(isTls ? verdict.sniff.https : verdict.sniff.http)) {
      guard.refuse({ kind: "connect", host: bareHost(host), port, reason: "private_address" });
      return client.destroy();
    }
  }
  let upstream: { socket: net.Socket; initial: Buffer };
  try {
    upstream = await tunnelThroughProxy(route.proxy, bareHost(host), port);
  } catch (error) {
    route.failed(error as ProxyFailure);
    if (verdict !== "allowed") return client.destroy();
    return fail(502, { kind: "connect", host: bareHost(host), port, reason: "target_unreachable" });
  }
  if (verdict === "allowed") client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
  if (upstream.initial.length > 0) client.write(upstream.initial);
  splice(client, upstream.socket, initial);
}

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Plain http: to an HTTP proxy in absolute form with its credentials (a proxy may refuse CONNECT
 * to port 80); through a SOCKS5 proxy as an origin-form request over its tunnel.
 */
export async function routedHttp(
  guard: GuardContext,
  route: RouteTarget,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  let target: URL;
  try {
    target = new URL(req.url ?? "");
  } catch {
    return refuseResponse(res, 400);
  }
  if (target.protocol !== "http:" || !target.hostname) return refuseResponse(res, 400);
  const port = parsePort(target.port, 80);
  if (!port) return refuseResponse(res, 400);
  if (judge(target.hostname, port, "http") === "refused") {
    guard.refuse({ kind: "http", host: bareHost(target.hostname), port, reason: "private_address" });
    return refuseResponse(res, 403);
  }
  const unreachable = (failure: ProxyFailure) => {
    route.failed(failure);
    guard.refuse({ kind: "http", host: bareHost(target.hostname), port, reason: "target_unreachable" });
    if (!res.headersSent) refuseResponse(res, 502);
    else res.destroy();
  };
  const headers = withoutHopByHop(req.headers);
  headers.host = target.host;
  headers.connection = "close";
  let socket: net.Socket;
  let path = `${target.pathname}${target.search}`;
  try {
    if (route.proxy.scheme === "http") {
      socket = await connectToProxy(route.proxy);
      path = target.href;
      const auth = basicCredentials(route.proxy);
      if (auth) headers["proxy-authorization"] = auth;
    } else {
      const tunnel = await tunnelThroughProxy(route.proxy, bareHost(target.hostname), port);
      socket = tunnel.socket;
      if (tunnel.initial.length > 0) socket.unshift(tunnel.initial);
    }
  } catch (error) {
    return unreachable(error as ProxyFailure);
  }
  const upstream = http.request({ method: req.method, path, headers, createConnection: () => socket });
  upstream.on("response", (upRes) => {
    if (route.proxy.scheme === "http" && upRes.statusCode === 407) {
      upRes.resume();
      return unreachable(new ProxyFailure("auth", "the proxy refused its credentials (407)"));
    }
    res.writeHead(upRes.statusCode ?? 502, withoutHopByHop(upRes.headers));
    upRes.pipe(res);
  });
  upstream.on("error", () => unreachable(new ProxyFailure("refused", "the proxy closed the request")));
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
}

/** ws:// in absolute form (Chromium tunnels instead; other clients may not): over a tunnel. */
export async function routedUpgrade(
  guard: GuardContext,
  route: RouteTarget,
  req: http.IncomingMessage,
  client: net.Socket,
  head: Buffer,
) {
  const fail = socketRefuser(guard, client);
  let target: URL;
  try {
    target = new URL(req.url ?? "");
  } catch {
    return fail(400);
  }
  if (target.protocol !== "http:" && target.protocol !== "ws:") return fail(400);
  const port = parsePort(target.port, 80);
  if (!port) return fail(400);
  if (judge(target.hostname, port, "http") === "refused")
    return fail(403, { kind: "upgrade", host: bareHost(target.hostname), port, reason: "private_address" });
  let upstream: { socket: net.Socket; initial: Buffer };
  try {
    upstream = await tunnelThroughProxy(route.proxy, bareHost(target.hostname), port);
  } catch (error) {
    route.failed(error as ProxyFailure);
    return fail(502, { kind: "upgrade", host: bareHost(target.hostname), port, reason: "target_unreachable" });
  }
  const lines = [`${req.method} ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const lower = req.rawHeaders[i].toLowerCase();
    if (lower === "host" || lower.startsWith("proxy-")) continue;
    lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  }
  upstream.socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  if (upstream.initial.length > 0) client.write(upstream.initial);
  splice(client, upstream.socket, head);
}
