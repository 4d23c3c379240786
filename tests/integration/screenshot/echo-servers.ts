/**
 * Two loopback servers for request-shaping tests (D19): the target on 127.0.0.1 and a "third
 * party" on 127.0.0.2 (another host, so neither cookies nor origin-bound headers may reach it).
 * Each records every request's path, query and headers; pages are given per test.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

interface SeenRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

export interface EchoServer {
  origin: string;
  seen: SeenRequest[];
  /** Pages served by path; anything else is a 1×1 transparent GIF (images) or an empty script. */
  pages: Map<string, string>;
  /** Paths answered with a 302 to the given URL. */
  redirects: Map<string, string>;
  close(): Promise<void>;
}

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function startEchoServer(host: "127.0.0.1" | "127.0.0.2"): Promise<EchoServer> {
  const seen: SeenRequest[] = [];
  const pages = new Map<string, string>();
  const redirects = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://echo");
    seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const page = pages.get(url.pathname);
    if (page !== undefined) return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    const to = redirects.get(url.pathname);
    if (to) return void res.writeHead(302, { location: to }).end();
    if (url.pathname.endsWith(".js")) return void res.writeHead(200, { "content-type": "text/javascript" }).end("");
    res.writeHead(200, { "content-type": "image/gif" }).end(GIF);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    seen,
    pages,
    redirects,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
