/**
 * The connector program's core (D42): one outbound WebSocket to Glance, reconnected with capped
 * exponential backoff and jitter, answering request frames for the declared origins only. It runs
 * in the customer's network (scripts/connector.ts is its command line); nothing in it is
 * server-only, and it opens no port.
 */
import WebSocket from "ws";
import {
  CLOSE,
  CONNECTOR_PATH,
  MAX_FRAME_BYTES,
  MAX_RESPONSE_BYTES,
  canonicalOrigin,
  parseServerFrame,
  type RequestFrame,
} from "./protocol";

const CONNECTOR_VERSION = "1.0.0";
/** Headers that describe one hop, or that the fetch re-does itself: never passed on. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  "content-encoding",
  "te",
  "trailer",
]);
const FATAL = new Set<number>([CLOSE.unauthorized, CLOSE.revoked, CLOSE.badHello]);

export interface ConnectorOptions {
  server: string;
  token: string;
  expose: string[];
  /** Each request to the private site gives up after this long (default 30 s). */
  requestTimeoutMs?: number;
  /** Backoff bounds (default 500 ms … 30 s). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  log?: (line: string) => void;
}

/** The socket address for a Glance URL: http(s) → ws(s), path /v1/connector; or a ws+unix: socket. */
function connectorSocketUrl(server: string): string {
  // A Unix socket (ws+unix:/path/to.sock, ws's own form): for a Glance on the same host, and for
  // the tests, whose connector sits in a network namespace of its own.
  if (server.startsWith("ws+unix:")) return `${server.split(":").slice(0, 2).join(":")}:${CONNECTOR_PATH}`;
  const url = new URL(server);
  if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "ws:" && url.protocol !== "wss:")
    throw new Error(`--server must be an http(s) URL, not ${server}`);
  url.protocol = url.protocol === "https:" || url.protocol === "wss:" ? "wss:" : "ws:";
  url.pathname = CONNECTOR_PATH;
  url.search = "";
  return url.toString();
}

export class Connector {
  private socket: WebSocket | undefined;
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly origins: Set<string>;
  private readonly log: (line: string) => void;
  /** Resolves when the connector stops for good (stop(), or the server refused the token). */
  readonly finished: Promise<{ code: number; reason: string }>;
  private finish!: (result: { code: number; reason: string }) => void;
  /** Set once the server answered ready: the connector id. */
  connectorId: string | undefined;

  constructor(private readonly options: ConnectorOptions) {
    const origins = options.expose.map((o) => {
      const canonical = canonicalOrigin(o);
      if (!canonical) throw new Error(`--expose must be an http(s) origin without a path: ${o}`);
      return canonical;
    });
    if (origins.length === 0) throw new Error("name at least one --expose origin");
    this.origins = new Set(origins);
    this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  start(): this {
    this.connect();
    return this;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000, "stopped");
    this.finish({ code: 1000, reason: "stopped" });
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = new WebSocket(connectorSocketUrl(this.options.server), {
      headers: { authorization: `Bearer ${this.options.token}` },
      maxPayload: MAX_FRAME_BYTES,
      handshakeTimeout: 15_000,
    });
    this.socket = socket;
    socket.on("open", () => {
      socket.send(JSON.stringify({ type: "hello", version: CONNECTOR_VERSION, origins: [...this.origins] }));
    });
    socket.on("message", (data, isBinary) => {
      if (isBinary) return;
      const frame = parseServerFrame(data.toString());
      if (!frame) return;
      if (frame.type === "ready") {
        this.attempt = 0;
        this.connectorId = frame.connector;
        this.log(`connected as "${frame.name}" (${frame.connector}), serving ${frame.origins.join(" ")}`);
        return;
      }
      void this.serve(socket, frame);
    });
    socket.on("unexpected-response", (_req, res) => {
      // The upgrade was answered with HTTP: a refused token (401) stops; anything else is retried.
      const code = res.statusCode === 401 || res.statusCode === 403 ? CLOSE.unauthorized : 1006;
      res.resume();
      this.closed(code, `HTTP ${res.statusCode}`);
      socket.terminate();
    });
    socket.on("close", (code, reason) => this.closed(code, reason.toString()));
    socket.on("error", () => {}); // every error is followed by close (or unexpected-response)
  }

  private closed(code: number, reason: string): void {
    if (this.stopped || this.timer) return;
    this.socket = undefined;
    if (FATAL.has(code)) {
      this.log(`refused by the server (${code}${reason ? `: ${reason}` : ""}); not retrying`);
      this.stopped = true;
      this.finish({ code, reason });
      return;
    }
    const min = this.options.minBackoffMs ?? 500;
    const max = this.options.maxBackoffMs ?? 30_000;
    const wait = Math.min(max, min * 2 ** this.attempt++) * (0.5 + Math.random() / 2);
    this.log(`disconnected (${code}${reason ? `: ${reason}` : ""}); reconnecting in ${Math.round(wait)} ms`);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect();
    }, wait);
  }

  /** Answers one request: only for a declared origin, redirects returned (never followed), bounded. */
  private async serve(socket: WebSocket, frame: RequestFrame): Promise<void> {
    const reply = (answer: object) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ id: frame.id, ...answer }));
    };
    let url: URL;
    try {
      url = new URL(frame.url);
    } catch {
      return reply({ type: "failure", message: "malformed url" });
    }
    if (!this.origins.has(url.origin)) return reply({ type: "failure", message: "origin not exposed" });
    try {
      const headers = new Headers();
      for (const [k, v] of Object.entries(frame.headers)) if (!HOP_HEADERS.has(k.toLowerCase())) headers.set(k, v);
      const res = await fetch(url, {
        method: frame.method,
        headers,
        body:
          frame.body !== undefined && !["GET", "HEAD"].includes(frame.method)
            ? Buffer.from(frame.body, "base64")
            : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000),
      });
      const chunks: Buffer[] = [];
      let size = 0;
      const reader = res.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
        size += read.value.byteLength;
        if (size > MAX_RESPONSE_BYTES) {
          await reader!.cancel();
          throw new Error("answer larger than the connector forwards");
        }
        chunks.push(Buffer.from(read.value));
      }
      const out: Record<string, string> = {};
      res.headers.forEach((v, k) => {
        if (!HOP_HEADERS.has(k)) out[k] = v;
      });
      reply({ type: "response", status: res.status, headers: out, body: Buffer.concat(chunks).toString("base64") });
    } catch (error) {
      reply({ type: "failure", message: error instanceof Error ? error.message : String(error) });
    }
  }
}
