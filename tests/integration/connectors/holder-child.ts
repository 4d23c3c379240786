/**
 * Another app instance for the relay test (D42): its own process holding connector sockets on
 * its own HTTP server (the upgrade handed over as scripts/server.ts does), on the parent's
 * database and Redis (or Upstash). Once its relay listens, it answers its server's address over
 * IPC, then serves until killed.
 * Run with: node --conditions=react-server --import tsx tests/integration/connectors/holder-child.ts
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { installConnectorEndpoint } from "@/lib/connectors/endpoint";
import { relayReady } from "@/lib/connectors/relay";
import { publishedUpgradeHandler } from "@/lib/sessions/upgrade-hook";

installConnectorEndpoint();
const server = http.createServer((_req, res) => res.writeHead(404).end());
server.on("upgrade", (req, socket, head) => {
  if (!publishedUpgradeHandler()?.(req, socket, head)) socket.destroy();
});
// A request relayed before its subscriptions are live would be lost (the parent would see no acknowledgement).
if (!(await relayReady())) throw new Error("the relay could not subscribe");
server.listen(0, "127.0.0.1", () => {
  process.send?.({ server: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
