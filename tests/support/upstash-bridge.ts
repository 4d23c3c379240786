/**
 * A stand-in for Upstash's REST endpoint, in front of the machine's real Redis, so the Upstash
 * adapter is tested against the wire protocol @upstash/redis speaks (checked in its source):
 *  - every request is a POST with `Authorization: Bearer <token>`;
 *  - POST /            body: one command as a JSON array, e.g. ["set","k","v","px",1000]
 *                      reply: {"result": …} or, on a Redis error, HTTP 400 {"error": "…"};
 *  - POST /pipeline    body: an array of commands; reply: an array of {"result"} / {"error"}
 *                      (HTTP 200 even when some commands failed) — @upstash/redis auto-pipelines
 *                      by default, so most commands arrive here;
 *  - POST /multi-exec  the same, run as one MULTI/EXEC transaction;
 *  - with the request header `Upstash-Encoding: base64`, every string in a result is sent
 *    base64-encoded (integers and nulls as they are), which is how binary-safe replies travel;
 *  - POST /subscribe/<channel> and /psubscribe/<pattern> (body `[]`, `Accept: text/event-stream`;
 *    the name is joined to the path as it is, unencoded): a stream, held open, of lines
 *    `data: subscribe,<channel>,<count>` once subscribed, then `data: message,<channel>,<message>`
 *    (`data: pmessage,<pattern>,<channel>,<message>`) per message. The library's HttpClient
 *    reads the body line by line, passes each line starting with `data: ` to the Subscriber,
 *    which splits it at its first commas, and decodes nothing: the message is sent as it is,
 *    even under `Upstash-Encoding: base64`. It ends a subscription by aborting the request.
 *    Each stream is a Redis connection of its own (SUBSCRIBE there), so PUBLISH counts streams,
 *    and a stream's subscription count is 1, as the library's own tests expect of Upstash.
 * Only loopback: it listens on 127.0.0.1 with an OS-assigned port.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";

export interface UpstashBridge {
  url: string;
  token: string;
  /** Commands received, for tests that check what went over the wire. */
  commands: string[][];
  /** Subscription streams open now. */
  readonly streams: number;
  /** Ends every subscription stream, as Upstash may (a restart, a connection lost on the way). */
  endStreams(): void;
  close(): Promise<void>;
}

type Reply = { result: unknown } | { error: string };

function encode(value: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(value)) return base64 ? value.toString("base64") : value.toString("utf8");
  if (typeof value === "string") return base64 ? Buffer.from(value).toString("base64") : value;
  if (Array.isArray(value)) return value.map((v) => encode(v, base64));
  return value ?? null;
}

function isCommand(value: unknown): value is Array<string | number> {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string" || typeof v === "number");
}

export async function startUpstashBridge(options: { redisUrl?: string; token?: string } = {}): Promise<UpstashBridge> {
  const redis = new Redis(options.redisUrl ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
  const token = options.token ?? "bridge-token-" + Math.random().toString(36).slice(2);
  const commands: string[][] = [];

  async function run(command: Array<string | number>, base64: boolean): Promise<Reply> {
    commands.push(command.map(String));
    const [name, ...args] = command;
    try {
      return { result: encode(await redis.callBuffer(String(name), ...args), base64) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function transaction(list: Array<Array<string | number>>, base64: boolean): Promise<Reply[]> {
    for (const c of list) commands.push(c.map(String));
    const multi = redis.multi(list.map(([name, ...args]) => [String(name), ...args]) as string[][]);
    const results = (await multi.exec()) ?? [];
    return results.map(([error, result]) => (error ? { error: error.message } : { result: encode(result, base64) }));
  }

  const streams = new Set<() => void>();

  /** A subscription stream, on a Redis connection of its own. */
  async function stream(kind: "subscribe" | "psubscribe", name: string, res: http.ServerResponse): Promise<void> {
    commands.push([kind, name]);
    const subscriber = redis.duplicate();
    subscriber.on("error", () => {});
    const end = () => {
      streams.delete(end);
      subscriber.disconnect();
      if (!res.writableEnded) res.end();
    };
    // The client aborted the request (the library's unsubscribe), or the stream was ended here.
    res.on("close", end);
    let count: number;
    try {
      count = Number(await (kind === "subscribe" ? subscriber.subscribe(name) : subscriber.psubscribe(name)));
    } catch (error) {
      subscriber.disconnect();
      res.writeHead(400, { "Content-Type": "application/json" });
      return void res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    }
    if (res.destroyed) return end();
    streams.add(end);
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    const line = (text: string) => res.write(`data: ${text}\n\n`);
    line(`${kind},${name},${count}`);
    subscriber.on("message", (channel: string, message: string) => line(`message,${channel},${message}`));
    subscriber.on("pmessage", (pattern: string, channel: string, message: string) =>
      line(`pmessage,${pattern},${channel},${message}`),
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST") return send(405, { error: "only POST" });
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, { error: "Unauthorized" });
      const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return send(400, { error: "ERR failed to parse command" });
      }
      const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "") || "/";
      const subscription = /^\/(subscribe|psubscribe)\/(.+)$/.exec(path);
      if (subscription) {
        if (req.headers.accept !== "text/event-stream")
          return send(400, { error: "ERR subscribe needs an event stream" });
        return stream(subscription[1] as "subscribe" | "psubscribe", decodeURIComponent(subscription[2]), res);
      }
      if (path === "/") {
        if (!isCommand(body)) return send(400, { error: "ERR failed to parse command" });
        const reply = await run(body, base64);
        return send("error" in reply ? 400 : 200, reply);
      }
      if (path === "/pipeline" || path === "/multi-exec") {
        if (!Array.isArray(body) || !body.every(isCommand)) return send(400, { error: "ERR failed to parse pipeline" });
        if (path === "/multi-exec") return send(200, await transaction(body, base64));
        // A pipeline runs its commands in order, each answering for itself.
        const replies: Reply[] = [];
        for (const command of body) replies.push(await run(command, base64));
        return send(200, replies);
      }
      return send(404, { error: "unknown endpoint" });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    commands,
    get streams() {
      return streams.size;
    },
    endStreams() {
      for (const end of [...streams]) end();
    },
    async close() {
      for (const end of [...streams]) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.quit();
    },
  };
}
