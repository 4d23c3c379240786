/**
 * One connected connector on this instance (D42): its socket, the requests it owes, and the limits
 * that keep a misbehaving one to itself — a bounded number in flight, a timeout on each, answers
 * matched to the ids sent on this socket only, malformed or unsolicited frames ending the
 * connection. Nothing here reaches the network: the connector's answers become the page's.
 */
import "server-only";
import type WebSocket from "ws";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import type { ForwardAnswer, ForwardRequest } from "@/lib/net/connector-route";
import {
  CLOSE,
  MAX_IN_FLIGHT,
  MAX_REQUEST_BYTES,
  MAX_RESPONSE_BYTES,
  parseConnectorFrame,
  type FailureFrame,
  type ResponseFrame,
} from "./protocol";

/** A request the connector did not answer; its message is ours, shown to the workspace only. */
export class ConnectorUnavailable extends BrandedError {
  static readonly brand: string = "glance.ConnectorUnavailable";
  constructor(
    message: string,
    /** True when the connector is gone: another of the workspace's may take the request. */
    readonly gone = false,
  ) {
    super(message);
    this.name = "ConnectorUnavailable";
  }
}

interface Pending {
  resolve: (answer: ForwardAnswer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Frames that answer nothing it was asked, beyond which the connection is ended. */
const MAX_UNSOLICITED = 32;

export class LiveConnector {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private unsolicited = 0;
  private alive = true;
  readonly connectedAt = new Date();

  constructor(
    readonly id: string,
    readonly workspaceId: string,
    readonly name: string,
    readonly origins: ReadonlySet<string>,
    readonly version: string,
    private readonly socket: WebSocket,
  ) {
    socket.on("message", (data, isBinary) => this.onMessage(isBinary ? null : data.toString()));
    socket.on("pong", () => (this.alive = true));
    socket.on("close", () => this.failAll(new ConnectorUnavailable("the connector disconnected", true)));
  }

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Pings; false (and the socket ended) when the previous ping was never answered. */
  heartbeat(): boolean {
    if (!this.alive || !this.open) {
      this.socket.terminate();
      return false;
    }
    this.alive = false;
    this.socket.ping();
    return true;
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
    // A socket that does not finish its closing handshake is not waited for.
    setTimeout(() => this.socket.terminate(), 2_000).unref();
  }

  forward(request: ForwardRequest, timeoutMs: number): Promise<ForwardAnswer> {
    if (!this.open) return Promise.reject(new ConnectorUnavailable("the connector disconnected", true));
    if (this.pending.size >= MAX_IN_FLIGHT)
      return Promise.reject(new ConnectorUnavailable(`the connector has ${MAX_IN_FLIGHT} requests outstanding`));
    if (request.body && request.body.byteLength > MAX_REQUEST_BYTES)
      return Promise.reject(new ConnectorUnavailable("the request body is larger than a connector carries"));
    const id = this.nextId++;
    return new Promise<ForwardAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ConnectorUnavailable(`the connector did not answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      this.socket.send(
        JSON.stringify({
          type: "request",
          id,
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.body ? { body: request.body.toString("base64") } : {}),
        }),
      );
    });
  }

  private onMessage(text: string | null): void {
    const frame = text === null ? null : parseConnectorFrame(text);
    if (!frame || frame.type === "hello") return this.close(CLOSE.protocol, "malformed frame");
    const pending = this.pending.get(frame.id);
    if (!pending) {
      // An answer to nothing asked on this socket (forged, repeated or late): dropped; many end it.
      if (++this.unsolicited > MAX_UNSOLICITED) this.close(CLOSE.flooding, "too many unsolicited frames");
      return;
    }
    this.pending.delete(frame.id);
    clearTimeout(pending.timer);
    const answer = this.answerOf(frame);
    if (answer instanceof Error) pending.reject(answer);
    else pending.resolve(answer);
  }

  private answerOf(frame: ResponseFrame | FailureFrame): ForwardAnswer | Error {
    if (frame.type === "failure")
      return new ConnectorUnavailable(`the connector could not reach the site (${frame.message.slice(0, 200)})`);
    const body = Buffer.from(frame.body, "base64");
    if (body.byteLength > MAX_RESPONSE_BYTES) return new ConnectorUnavailable("the connector's answer is too large");
    return { status: frame.status, headers: frame.headers, body };
  }

  private failAll(error: Error): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(error);
      this.pending.delete(id);
    }
  }
}
