/**
 * Upgrades on the HTTP edge (lib/edge, D17, D39), on a real Node server and raw sockets: a request
 * asking for h2c (as Java's HttpClient asks every plain-HTTP server) is an ordinary request the
 * app answers, while a WebSocket upgrade goes to the server's 'upgrade' listener (/v1/browser).
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

let server: http.Server;
const upgrades: string[] = [];

testEnvironment();

beforeAll(async () => {
  const { createEdgeServer } = await import("@/lib/edge/server");
  server = createEdgeServer((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("app"));
  server.on("upgrade", (req, socket) => {
    upgrades.push(String(req.headers.upgrade));
    socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The status line of the answer to `head`. */
function statusLine(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1", () => socket.write(head));
    socket.once("data", (chunk) => {
      resolve(chunk.toString("latin1").split("\r\n")[0]!);
      socket.destroy();
    });
    socket.on("error", reject);
  });
}

it("an h2c upgrade request is answered by the app; a WebSocket upgrade goes to the upgrade listener", async () => {
  const h2c = await statusLine(
    "GET /v1/usage HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n",
  );
  expect(h2c).toBe("HTTP/1.1 200 OK");
  expect(upgrades).toEqual([]);
  const ws = await statusLine(
    "GET /v1/browser HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  expect(ws).toBe("HTTP/1.1 404 Not Found");
  expect(upgrades).toEqual(["websocket"]);
});
