/**
 * A loopback web server for the screenshot tests: serves tests/fixtures/screenshot/*.html plus a
 * few generated resources, and records every request (path and User-Agent) so tests can tell
 * what the browser really fetched.
 */
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/screenshot");

export interface FixtureServer {
  origin: string;
  url(file: string): string;
  /** Requests seen, in order (`url` is path plus query). */
  hits: Array<{ path: string; url: string; userAgent: string }>;
  hitsFor(pathname: string): number;
  close(): Promise<void>;
}

function solidPng(color: { r: number; g: number; b: number }, width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** `dir`: the folder of pages served (default tests/fixtures/screenshot). */
export async function startFixtureServer(options: { dir?: string } = {}): Promise<FixtureServer> {
  const pages = options.dir ?? FIXTURES;
  const green = await solidPng({ r: 0, g: 255, b: 0 }, 400, 300);
  const adBanner = await solidPng({ r: 255, g: 0, b: 0 }, 728, 90);
  const hits: FixtureServer["hits"] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://fixture").pathname;
    hits.push({ path: pathname, url: req.url ?? "/", userAgent: req.headers["user-agent"] ?? "" });
    if (pathname === "/green.png") {
      // A little latency, like a real image host, so lazy loading has something to wait for.
      setTimeout(() => res.writeHead(200, { "content-type": "image/png" }).end(green), 50);
      return;
    }
    if (pathname === "/ad728.png") return void res.writeHead(200, { "content-type": "image/png" }).end(adBanner);
    if (pathname === "/hang.png") {
      // Headers, then nothing: the page's load event never fires.
      res.writeHead(200, { "content-type": "image/png" });
      res.write(adBanner.subarray(0, 16));
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (pathname === "/slow.html") {
      // A page whose server answers after ?ms= (a render that is still loading when a test acts).
      const ms = Math.min(Number(new URL(req.url ?? "/", "http://fixture").searchParams.get("ms")) || 1000, 20_000);
      setTimeout(
        () =>
          res
            .writeHead(200, { "content-type": "text/html; charset=utf-8" })
            .end("<!doctype html><title>slow</title><p>slow page</p>"),
        ms,
      );
      return;
    }
    if (pathname === "/redirect") {
      // An HTTP redirect to a fixture file (?to=name.html): the final URL differs from the asked one.
      const to = new URL(req.url ?? "/", "http://fixture").searchParams.get("to") ?? "basic.html";
      return void res.writeHead(302, { location: `/${path.basename(to)}` }).end();
    }
    if (pathname === "/status.html") {
      // An HTML error page with the status asked for (?code=500).
      const code = Number(new URL(req.url ?? "/", "http://fixture").searchParams.get("code")) || 500;
      return void res
        .writeHead(code, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><title>Error ${code}</title><h1>Error ${code}</h1>`);
    }
    if (pathname.startsWith("/blocked/")) {
      // A vendor's interstitial (tests/fixtures/screenshot/blocked/, D23) with the status and the
      // headers the vendor sends with it: ?status=403&header=cf-mitigated:challenge (repeatable).
      const query = new URL(req.url ?? "/", "http://fixture").searchParams;
      const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
      for (const header of query.getAll("header")) {
        const at = header.indexOf(":");
        headers[header.slice(0, at)] = header.slice(at + 1);
      }
      try {
        const body = await readFile(path.join(FIXTURES, "blocked", path.basename(pathname)));
        return void res.writeHead(Number(query.get("status")) || 200, headers).end(body);
      } catch {
        return void res.writeHead(404).end("not found");
      }
    }
    const file = path.join(pages, path.basename(pathname));
    if (!file.endsWith(".html")) return void res.writeHead(404).end("not found");
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (file) => `${origin}/${file}`,
    hits,
    hitsFor: (p) => hits.filter((h) => h.path === p).length,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** True for a bare fixture file name ("basic.html?x"), which the harnesses send as its URL on the server. */
export function isFixtureName(value: string): boolean {
  return /^[\w-]+\.html\b/.test(value);
}

/** A route's query string from `query`, a bare fixture file name as `url` turned into its URL on `fx`. */
export function fixtureQuery(fx: FixtureServer, query: Record<string, string | number | boolean>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const text = String(value);
    params.set(name, name === "url" && isFixtureName(text) ? fx.url(text) : text);
  }
  return params;
}
