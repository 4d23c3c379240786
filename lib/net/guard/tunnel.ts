/** The guard's CONNECT path: tunnels for https and (in Chromium) every WebSocket, ws:// included. */
import type http from "node:http";
import type net from "node:net";
import { isAllowedOrigin } from "../policy";
import { bareHost, checkHost } from "../resolve";
import { connectPinned, parseAuthority, socketRefuser, splice, type GuardContext } from "./wire";

/** The client's first bytes: what tells TLS from plain WebSocket once the tunnel is open. */
function firstChunk(client: net.Socket, head: Buffer): Promise<Buffer> {
  if (head.length > 0) return Promise.resolve(head);
  return new Promise<Buffer>((resolve) => {
    client.once("data", (chunk: Buffer) => resolve(chunk));
    client.once("close", () => resolve(Buffer.alloc(0)));
  });
}

export async function openTunnel(guard: GuardContext, req: http.IncomingMessage, client: net.Socket, head: Buffer) {
  const fail = socketRefuser(guard, client);
  if (!guard.authorized(req)) return fail(407, { kind: "connect", host: "", port: 0, reason: "unauthorized" });
  const authority = parseAuthority(req.url);
  if (!authority) return fail(400);
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
  if (!verdict.ok) return fail(403, { kind: "connect", host: bareHost(host), port, reason: verdict.reason });
  const addresses = verdict.addresses;

  if (!mustSniff) {
    // Connect first, then confirm: the client's first bytes go straight into a live pipe.
    let upstream: net.Socket;
    try {
      upstream = await connectPinned(addresses, port);
    } catch {
      return fail(502, { kind: "connect", host: bareHost(host), port, reason: "target_unreachable" });
    }
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    return splice(client, upstream, head);
  }

  client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
  const initial = await firstChunk(client, head);
  client.pause(); // anything after the first chunk waits in the socket's buffer
  const isTls = initial.length > 0 && initial[0] === 0x16;
  if (initial.length === 0 || !(isTls ? httpsAllowed : httpAllowed)) {
    guard.refuse({ kind: "connect", host: bareHost(host), port, reason: "private_address" });
    client.destroy();
    return;
  }
  try {
    splice(client, await connectPinned(addresses, port), initial);
  } catch {
    guard.refuse({ kind: "connect", host: bareHost(host), port, reason: "target_unreachable" });
    client.destroy();
  }
}
