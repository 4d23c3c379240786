/**
 * Route handlers served over real HTTP on loopback, for clients that speak HTTP themselves (the
 * MCP SDK's StreamableHTTPClientTransport): each request becomes the web Request Next would hand
 * the route (X-Forwarded-For from the socket, as `next start` fills it; the signal aborted when
 * the client goes away), and the handler's Response is written back.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

type Handler = (request: Request) => Promise<Response> | Response;

export interface RouteServer {
  origin: string;
  close(): Promise<void>;
}

/** `routes`: path → method → handler; anything else is a 404. */
export async function startRouteServer(routes: Record<string, Partial<Record<string, Handler>>>): Promise<RouteServer> {
  let origin = "";
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", req.socket.remoteAddress ?? "127.0.0.1");
      const aborted = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) aborted.abort();
      });
      const url = new URL(req.url ?? "/", origin);
      const method = req.method ?? "GET";
      const handler = routes[url.pathname]?.[method];
      const response = handler
        ? await handler(
            new Request(url, {
              method,
              headers,
              body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
              signal: aborted.signal,
            }),
          )
        : new Response("not found", { status: 404 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
