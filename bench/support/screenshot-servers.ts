/**
 * The screenshot benchmark's local servers: the page every variant captures (a report page with
 * a stylesheet and an image) and one plain node:http adapter to fetch-style route handlers.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Bench page</title>
<link rel="stylesheet" href="/style.css"></head><body>
<header><img src="/logo.png" width="64" height="64" alt=""><h1>Quarterly report</h1></header>
<main>${Array.from({ length: 12 }, (_, i) => `<section><h2>Section ${i + 1}</h2><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero. Sed cursus ante dapibus diam.</p></section>`).join("")}</main>
</body></html>`;
const PAGE_CSS =
  "body{font:16px/1.5 sans-serif;margin:0;background:#f6f7fb;color:#1d2230}header{display:flex;gap:16px;align-items:center;padding:24px;background:#243b6b;color:#fff}main{display:grid;grid-template-columns:repeat(3,1fr);gap:16px;padding:24px}section{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002}";

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The local page every variant captures. */
export async function startPageServer() {
  const sharp = (await import("sharp")).default;
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#e94e3c" } })
    .png()
    .toBuffer();
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://x");
    if (pathname === "/logo.png") return void res.writeHead(200, { "content-type": "image/png" }).end(logo);
    if (pathname === "/style.css") return void res.writeHead(200, { "content-type": "text/css" }).end(PAGE_CSS);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE_HTML);
  });
  return { server, origin: await listen(server) };
}

type Handler = (request: Request) => Promise<Response>;

/** One plain adapter from node:http to fetch-style handlers, used for (b), (c) and (e) alike. */
export async function startAppServer(routes: Record<string, Handler>) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handler = routes[url.pathname];
    if (!handler) return void res.writeHead(404).end();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handler(new Request(url, { headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.keepAliveTimeout = 30_000;
  return { server, origin: await listen(server) };
}

/** A port free at the time of asking, for a server started next. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
