/**
 * The production server (`npm start`, scripts/demo.sh, the e2e harness, the benchmark): the
 * built Next app (`next build`, dist dir from NEXT_DIST_DIR) behind lib/edge's HTTP server, so
 * requests Node itself refuses still get problem+json and the documented limits apply (D17).
 *   node --import tsx scripts/server.ts [--port 3000] [--hostname 127.0.0.1]
 */
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import next from "next";
import { pageOnAppHost } from "@/lib/api/app-host";
import { createEdgeServer } from "@/lib/edge/server";
import { env } from "@/lib/env";
import { publishedUpgradeHandler } from "@/lib/sessions/upgrade-hook";
import { exitAfterAppShutdown } from "@/lib/shutdown-signal";

// Each capture puts its image on the heap as a DevTools message (~3 MB of strings for a viewport
// PNG) beside a ~175 MB live heap (Next, Prisma, puppeteer), and V8 let the heap grow by ~15 %
// between full collections: one full marking of the whole heap every ~10 renders, a third of this
// process's CPU per render. Letting it double first measured 0.048 → 0.037 CPU-s per render on
// real pages (D30) for a larger peak heap (~350 MB); V8 reads the factor at each collection.
v8.setFlagsFromString("--heap-growing-percent=100");

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = values.port ? Number(values.port) : env().PORT;
const hostname = values.hostname;
const root = path.resolve(import.meta.dirname, "..");

// Next attaches its own 'upgrade' listener to the server of the first request it handles (or to
// `httpServer`), and in production it ends every upgrade it does not serve — /v1/browser
// included. The app has no WebSocket of Next's own, so Next gets a server that never listens,
// and upgrades are ours alone (below).
const upgradesNextNeverSees = http.createServer();
const app = next({ dev: false, dir: root, hostname: hostname ?? "localhost", port, httpServer: upgradesNextNeverSees });
const handle = app.getRequestHandler();
await app.prepare();

// A page asked for under another host name of this server goes to APP_URL first (D14, #51).
const server = createEdgeServer((req, res) => {
  const host = new Headers();
  if (req.headers.host) host.set("host", req.headers.host);
  const forwarded = req.headers["x-forwarded-host"];
  if (typeof forwarded === "string") host.set("x-forwarded-host", forwarded);
  const elsewhere = pageOnAppHost(req.method ?? "GET", req.url ?? "/", host);
  if (!elsewhere) return handle(req, res);
  res.writeHead(308, { Location: elsewhere, "Content-Length": "0", "Cache-Control": "no-store" });
  res.end();
});
// WebSocket upgrades: /v1/browser (live browser sessions, D39) is served by the handler the app
// published at start-up (instrumentation.ts); anything else is refused.
server.on("upgrade", (req, socket, head) => {
  socket.on("error", () => {});
  if (publishedUpgradeHandler()?.(req, socket, head)) return;
  socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
});
server.listen(port, hostname, () => {
  process.stdout.write(`Glance listening on http://${hostname ?? "localhost"}:${port}\n`);
});

// On SIGTERM the app stops taking renders and lets the running ones finish (lib/shutdown.ts,
// D16) while the listener stays open, so a load balancer sees 503 + Retry-After and /readyz 503
// rather than refused connections; then the listener closes and the process exits. A render
// lasts at most 60 s; after 75 s the process goes anyway.
exitAfterAppShutdown(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => void app.close().finally(resolve));
      server.closeIdleConnections();
    }),
  75_000,
);
