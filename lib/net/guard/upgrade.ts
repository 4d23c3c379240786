/** The guard's upgrade path: ws:// sent to the proxy in absolute form (Chromium tunnels instead; other clients may not). */
import type http from "node:http";
import type net from "node:net";
import { isAllowedOrigin } from "../policy";
import { checkHost } from "../resolve";
import { connectPinned, parsePort, socketRefuser, splice, type GuardContext } from "./wire";

/** The request line and headers for the origin server: origin-form path, no proxy credentials. */
function originRequest(req: http.IncomingMessage, target: URL): string {
  const lines = [`${req.method} ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    const lower = name.toLowerCase();
    if (lower === "host" || lower.startsWith("proxy-")) continue;
    lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n`;
}

export async function forwardUpgrade(guard: GuardContext, req: http.IncomingMessage, client: net.Socket, head: Buffer) {
  const fail = socketRefuser(guard, client);
  if (!guard.authorized(req)) return fail(407, { kind: "upgrade", host: "", port: 0, reason: "unauthorized" });
  let target: URL;
  try {
    target = new URL(req.url ?? "");
  } catch {
    return fail(400);
  }
  if (target.protocol !== "http:" && target.protocol !== "ws:") return fail(400);
  const port = parsePort(target.port, 80);
  if (!port) return fail(400);
  const origin = new URL(`http://${target.host}`);
  const verdict = await checkHost(target.hostname, { allowPrivate: isAllowedOrigin(origin) });
  if (!verdict.ok) return fail(403, { kind: "upgrade", host: target.hostname, port, reason: verdict.reason });
  let upstream: net.Socket;
  try {
    upstream = await connectPinned(verdict.addresses, port);
  } catch {
    return fail(502, { kind: "upgrade", host: target.hostname, port, reason: "target_unreachable" });
  }
  upstream.write(originRequest(req, target));
  splice(client, upstream, head);
}
