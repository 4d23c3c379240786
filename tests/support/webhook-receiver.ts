/**
 * A webhook receiver on loopback for the tests: records every request (headers, raw body) and
 * answers with the statuses it is told, in order (then 200).
 */
import http from "node:http";
import type net from "node:net";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Receiver {
  origin: string;
  port: number;
  received: Received[];
  /** Statuses for the next requests, in order; once used up, requests get 200. */
  answers: number[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
      received.push({ path: req.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      res.writeHead(status, status >= 300 && status < 400 ? { location: "http://127.0.0.1:9/" } : {});
      res.end(status === 200 ? "ok" : "no");
    });
  });
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    answers,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it is true; the cap only ends a test that would otherwise hang. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, capMs = 30_000): Promise<void> {
  const until = Date.now() + capMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
