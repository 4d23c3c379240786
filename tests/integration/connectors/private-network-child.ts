/**
 * The customer's side for the namespace test (D42): run inside `unshare --net` (a network of its
 * own with only loopback), it serves a private site on its own 127.0.0.1 and runs the connector,
 * which reaches Glance only through the Unix socket it is given. Prints the site's origin.
 * Run with: unshare --net -- node --import tsx tests/integration/connectors/private-network-child.ts <socket> <token>
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Connector } from "@/lib/connectors/client";

const [socketPath, token] = process.argv.slice(2);
execFileSync("ip", ["link", "set", "lo", "up"]);
const site = http.createServer((req, res) => {
  if (req.url === "/style.css") return res.writeHead(200, { "content-type": "text/css" }).end("h1{color:#123}");
  res
    .writeHead(200, { "content-type": "text/html" })
    .end('<!doctype html><link rel="stylesheet" href="/style.css"><h1>Only inside the private network</h1>');
});
site.listen(0, "127.0.0.1", () => {
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const connector = new Connector({ server: `ws+unix:${socketPath}`, token: token!, expose: [origin], log: () => {} });
  connector.start();
  const ready = setInterval(() => {
    if (!connector.connectorId) return;
    clearInterval(ready);
    process.stdout.write(`${origin}\n`);
  }, 50);
  process.once("SIGTERM", () => {
    connector.stop();
    site.close();
    process.exit(0);
  });
});
