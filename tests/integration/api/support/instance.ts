/**
 * A separate Glance API process for tests that need a restart or a second instance: the real
 * /v1/og route handlers (GET and HEAD) behind a plain Node HTTP server on a loopback port,
 * with its own module state, connection pool and memory. Configured by the environment it is
 * started with (DATABASE_URL, DATA_DIR, URL_SIGNING_SECRET, …); prints `listening <port>`.
 * Run with: node --conditions react-server --import tsx tests/integration/api/support/instance.ts
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

const routes: Record<string, { GET: (r: Request) => Promise<Response>; HEAD: (r: Request) => Promise<Response> }> = {
  // OG only: loading the screenshot route (browser, filter lists) would double the start time.
  "/v1/og": await import("@/app/v1/og/route"),
};

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost:3000");
  const route = routes[url.pathname];
  const handler = req.method === "HEAD" ? route?.HEAD : req.method === "GET" ? route?.GET : undefined;
  if (!handler) return res.writeHead(404).end();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const response = await handler(new Request(url, { method: req.method, headers }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
