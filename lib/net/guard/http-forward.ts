/** The guard's plain-HTTP path: http:// requests in absolute form, forwarded to a checked address. */
import http from "node:http";
import type net from "node:net";
import { isAllowedOrigin } from "../policy";
import { checkHost } from "../resolve";
import {
  GUARD_HEADER,
  HOP_BY_HOP,
  connectPinned,
  parsePort,
  refuseResponse,
  type GuardContext,
  type GuardRefusal,
  type RefusalStatus,
} from "./wire";

/**
 * A name the guard answers itself (RFC 2606 reserves .invalid, so it is never a real site): a
 * readiness probe loads it through a browser context to show that browser's traffic reaches this
 * instance's guard, credentials included (D16). The answer names the guard, nothing else.
 */
export const GUARD_PROBE_HOST = "guard-probe.glance.invalid";

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  }
  return out;
}

export async function forwardHttp(guard: GuardContext, req: http.IncomingMessage, res: http.ServerResponse) {
  const deny = (status: RefusalStatus, reason: GuardRefusal["reason"], host = "", port = 0) => {
    if (reason !== "bad_request") guard.refuse({ kind: "http", host, port, reason });
    refuseResponse(res, status);
  };
  if (!guard.authorized(req)) return deny(407, "unauthorized");
  let target: URL;
  try {
    target = new URL(req.url ?? "");
  } catch {
    return deny(400, "bad_request");
  }
  if (target.protocol !== "http:" || !target.hostname) return deny(400, "bad_request");
  if (target.hostname === GUARD_PROBE_HOST) {
    // 200 with a body, not 204: a navigation to a 204 never commits.
    res.writeHead(200, {
      [GUARD_HEADER]: `probe ${guard.id}`,
      "content-type": "text/plain",
      "cache-control": "no-store",
      connection: "close",
    });
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
  const headers = withoutHopByHop(req.headers);
  headers.host = target.host;
  headers.connection = "close";
  const upstream = http.request({
    method: req.method,
    path: `${target.pathname}${target.search}`,
    headers,
    createConnection: () => upstreamSocket,
  });
  upstream.on("response", (upRes) => {
    res.writeHead(upRes.statusCode ?? 502, withoutHopByHop(upRes.headers));
    upRes.pipe(res);
  });
  upstream.on("error", () => {
    if (!res.headersSent) deny(502, "target_unreachable", target.hostname, port);
    else res.destroy();
  });
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
}
