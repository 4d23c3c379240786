/**
 * A whole site on loopback for the map and crawl tests (D32): a directory served at the origin's
 * root (a Debian documentation package's HTML, written by nobody here), with an overlay directory
 * the test writes robots.txt and sitemaps into (looked up first), optional extra routes (a
 * redirect), and the log of every path asked for, so a test can say what was never fetched.
 */
import { readFile, stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".gz": "application/gzip",
};

export interface SiteServer {
  origin: string;
  url(pagePath: string): string;
  /** Every request's path (and query), in order. */
  readonly requests: string[];
  /** When each was received (epoch ms), in the same order. */
  readonly times: number[];
  close(): Promise<void>;
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function fileIn(root: string, urlPath: string): Promise<string | undefined> {
  const file = path.normalize(path.join(root, decodeURIComponent(urlPath)));
  if (!file.startsWith(root)) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info?.isFile()) return file;
  if (info?.isDirectory()) return fileIn(root, path.join(urlPath, "index.html"));
  return undefined;
}

export async function serveSite(options: {
  root: string;
  overlay?: string;
  routes?: Record<string, Route>;
  /** Awaited before a request is answered: a test holds page loads with it (a crawl killed mid-render). */
  gate?: (urlPath: string) => Promise<void>;
  /** Where it listens on loopback: a fixed port when the app's allowed origins name it; any free one by default. */
  port?: number;
}): Promise<SiteServer> {
  const requests: string[] = [];
  const times: number[] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://site");
    requests.push(`${url.pathname}${url.search}`);
    times.push(Date.now());
    await options.gate?.(url.pathname);
    const route = options.routes?.[url.pathname];
    if (route) return route(req, res);
    const file =
      (options.overlay ? await fileIn(options.overlay, url.pathname) : undefined) ??
      (await fileIn(options.root, url.pathname));
    if (!file) return res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    const body = await readFile(file);
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (pagePath) => `${origin}${pagePath}`,
    requests,
    times,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
