/**
 * The canary: a server that must never hear from a guarded browser or fetch. It listens on every
 * address of the (loopback-only) namespace — [::] dual-stack, so 127.0.0.1, ::1, 0.0.0.0 and the
 * private/metadata addresses the namespace puts on `lo` all reach it — and records every TCP
 * connection, HTTP request and WebSocket upgrade, and every UDP datagram on the same port (STUN).
 */
import dgram from "node:dgram";
import http from "node:http";
import type net from "node:net";

interface CanaryEvent {
  kind: "connection" | "request" | "upgrade" | "datagram";
  remote?: string;
  local?: string;
  detail?: string;
  at: number;
}

export interface Canary {
  port: number;
  events: CanaryEvent[];
  reset(): void;
  close(): Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  const events: CanaryEvent[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    events.push({ kind: "request", detail: `${req.method} ${req.headers.host} ${req.url}`, at: Date.now() });
    res.writeHead(200, { "content-type": "text/plain", "access-control-allow-origin": "*" });
    res.end("canary");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    events.push({
      kind: "connection",
      remote: socket.remoteAddress,
      local: `${socket.localAddress}:${socket.localPort}`,
      at: Date.now(),
    });
  });
  server.on("upgrade", (req, socket) => {
    events.push({ kind: "upgrade", detail: `${req.headers.host} ${req.url}`, at: Date.now() });
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "::", ipv6Only: false }, resolve));
  const port = (server.address() as net.AddressInfo).port;
  const udp = dgram.createSocket({ type: "udp6", ipv6Only: false });
  udp.on("message", (msg, rinfo) =>
    events.push({ kind: "datagram", remote: rinfo.address, detail: `${msg.length} bytes`, at: Date.now() }),
  );
  await new Promise<void>((resolve) => udp.bind(port, "::", () => resolve()));
  return {
    port,
    events,
    reset: () => void events.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        udp.close();
        server.close(() => resolve());
      }),
  };
}
