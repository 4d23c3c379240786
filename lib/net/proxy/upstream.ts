/**
 * Opening a connection to a target through the customer's proxy (D41): HTTP CONNECT (RFC 9110
 * §9.3.6) or SOCKS5 (RFC 1928, with RFC 1929 username/password). The proxy is connected to at a
 * pinned address (./address.ts), and the target is sent by name: the proxy resolves it, not Glance
 * (a geo proxy must see the name to answer as its region would). No dependency: both handshakes
 * are a few bytes, and owning them keeps pinning, timeouts and the failure kinds in one place.
 */
import net from "node:net";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import type { PinnedProxy } from "./address";

/** Why the proxy did not give a connection: what the render's error names (D41). */
export type ProxyFailureKind = "unreachable" | "auth" | "timeout" | "refused";

export class ProxyFailure extends BrandedError {
  static readonly brand: string = "glance.ProxyFailure";
  constructor(
    readonly kind: ProxyFailureKind,
    /** Host and port only; never credentials. */
    detail: string,
  ) {
    super(detail);
    this.name = "ProxyFailure";
  }
}

const CONNECT_TIMEOUT_MS = 10_000;
/** The proxy's answer to CONNECT may take its own connection to the target: longer than ours. */
const HANDSHAKE_TIMEOUT_MS = 20_000;
const MAX_HEAD_BYTES = 16_384;

/** A TCP connection to the first of the proxy's pinned addresses that answers. */
export function connectToProxy(proxy: PinnedProxy): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    let index = 0;
    const attempt = () => {
      const socket = net.connect({ host: proxy.addresses[index], port: proxy.port });
      socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new ProxyFailure("timeout", "connect timed out")));
      socket.once("connect", () => {
        socket.setTimeout(0);
        resolve(socket);
      });
      socket.once("error", (err) => {
        socket.destroy();
        if (++index < proxy.addresses.length) return attempt();
        reject(err instanceof ProxyFailure ? err : new ProxyFailure("unreachable", "the proxy refused the connection"));
      });
    };
    attempt();
  });
}

export function basicCredentials(proxy: Pick<PinnedProxy, "username" | "password">): string | undefined {
  if (proxy.username === undefined) return undefined;
  return `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ""}`).toString("base64")}`;
}

/**
 * Reads from `socket` until `done` says how many bytes it needed (or throws), with the handshake's
 * timeout. Bytes after that are handed back (`rest`): they belong to the tunnel.
 */
function readUntil(
  socket: net.Socket,
  done: (buffer: Buffer) => number | undefined,
): Promise<{ used: Buffer; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const finish = (error?: Error, result?: { used: Buffer; rest: Buffer }) => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("close", onClose);
      socket.off("error", onClose);
      if (error) reject(error);
      else resolve(result!);
    };
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      try {
        const n = done(buffer);
        if (n !== undefined) finish(undefined, { used: buffer.subarray(0, n), rest: buffer.subarray(n) });
        else if (buffer.length > MAX_HEAD_BYTES) finish(new ProxyFailure("refused", "the proxy's answer is too long"));
      } catch (error) {
        finish(error as Error);
      }
    };
    const onClose = () => finish(new ProxyFailure("refused", "the proxy closed the connection during its handshake"));
    const timer = setTimeout(
      () => finish(new ProxyFailure("timeout", "the proxy did not answer in time")),
      HANDSHAKE_TIMEOUT_MS,
    );
    socket.on("data", onData);
    socket.once("close", onClose);
    socket.once("error", onClose);
  });
}

/** host:port as CONNECT's authority (IPv6 in brackets). */
function authority(host: string, port: number): string {
  return `${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
}

async function httpConnect(socket: net.Socket, proxy: PinnedProxy, host: string, port: number): Promise<Buffer> {
  const target = authority(host, port);
  const auth = basicCredentials(proxy);
  socket.write(
    `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ""}\r\n`,
  );
  const { used, rest } = await readUntil(socket, (buffer) => {
    const end = buffer.indexOf("\r\n\r\n");
    return end < 0 ? undefined : end + 4;
  });
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(used.toString("latin1"))?.[1] ?? 0);
  if (status >= 200 && status < 300) return rest;
  if (status === 407) throw new ProxyFailure("auth", "the proxy refused its credentials (407)");
  throw new ProxyFailure("refused", `the proxy answered CONNECT with ${status || "an unreadable answer"}`);
}

function socksAddress(host: string): Buffer {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  if (net.isIPv4(bare)) return Buffer.from([0x01, ...bare.split(".").map(Number)]);
  if (net.isIPv6(bare)) {
    const groups = new URL(`http://[${bare}]`).hostname.slice(1, -1);
    const full = expandV6(groups);
    return Buffer.concat([Buffer.from([0x04]), full]);
  }
  const name = Buffer.from(bare, "ascii");
  return Buffer.concat([Buffer.from([0x03, name.length]), name]);
}

function expandV6(text: string): Buffer {
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const a = head ? head.split(":") : [];
  const b = tail ? tail.split(":") : [];
  const groups = [...a, ...Array<string>(8 - a.length - b.length).fill("0"), ...b];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g || "0", 16), i * 2));
  return out;
}

const SOCKS_REPLIES: Record<number, string> = {
  1: "general failure",
  2: "connection not allowed by ruleset",
  3: "network unreachable",
  4: "host unreachable",
  5: "connection refused",
  6: "TTL expired",
  7: "command not supported",
  8: "address type not supported",
};

/** SOCKS5's greeting and, when the proxy asks, RFC 1929's username/password: up to a CONNECT. */
async function socks5Authenticate(socket: net.Socket, proxy: PinnedProxy): Promise<void> {
  const withAuth = proxy.username !== undefined;
  socket.write(Buffer.from(withAuth ? [0x05, 0x02, 0x00, 0x02] : [0x05, 0x01, 0x00]));
  const { used: method } = await readUntil(socket, (b) => (b.length >= 2 ? 2 : undefined));
  if (method[0] !== 0x05) throw new ProxyFailure("refused", "the proxy does not speak SOCKS5");
  if (method[1] === 0xff) throw new ProxyFailure("auth", "the SOCKS5 proxy accepts none of our authentication methods");
  if (method[1] === 0x02) {
    if (!withAuth) throw new ProxyFailure("auth", "the SOCKS5 proxy asks for credentials and none were given");
    const user = Buffer.from(proxy.username ?? "");
    const pass = Buffer.from(proxy.password ?? "");
    socket.write(Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]));
    const { used: answer } = await readUntil(socket, (b) => (b.length >= 2 ? 2 : undefined));
    if (answer[1] !== 0x00) throw new ProxyFailure("auth", "the SOCKS5 proxy refused its credentials");
  } else if (method[1] !== 0x00) {
    throw new ProxyFailure("refused", "the SOCKS5 proxy chose an authentication method it was not offered");
  }
}

async function socks5Connect(socket: net.Socket, proxy: PinnedProxy, host: string, port: number): Promise<Buffer> {
  await socks5Authenticate(socket, proxy);
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(port);
  socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), socksAddress(host), portBytes]));
  const { used: reply, rest } = await readUntil(socket, (b) => {
    if (b.length < 5) return undefined;
    const length = b[3] === 0x01 ? 4 : b[3] === 0x04 ? 16 : b[3] === 0x03 ? 1 + b[4] : -1;
    if (length < 0) throw new ProxyFailure("refused", "the SOCKS5 proxy's reply is unreadable");
    return b.length >= 4 + length + 2 ? 4 + length + 2 : undefined;
  });
  if (reply[1] !== 0x00)
    throw new ProxyFailure(
      "refused",
      `the SOCKS5 proxy could not connect: ${SOCKS_REPLIES[reply[1]] ?? `reply ${reply[1]}`}`,
    );
  return rest;
}

/**
 * A socket to `host:port` through the proxy, ready for the client's bytes, and any bytes the proxy
 * already sent past its handshake. Throws ProxyFailure.
 */
export async function tunnelThroughProxy(
  proxy: PinnedProxy,
  host: string,
  port: number,
): Promise<{ socket: net.Socket; initial: Buffer }> {
  const socket = await connectToProxy(proxy);
  socket.on("error", () => socket.destroy());
  try {
    const initial =
      proxy.scheme === "socks5"
        ? await socks5Connect(socket, proxy, host, port)
        : await httpConnect(socket, proxy, host, port);
    return { socket, initial };
  } catch (error) {
    socket.destroy();
    throw error instanceof ProxyFailure ? error : new ProxyFailure("refused", "the proxy's handshake failed");
  }
}

/** How long the probe waits for an HTTP proxy's answer: a 407 comes at once, before the proxy looks the name up. */
const PROBE_ANSWER_MS = 3_000;
/** A name that never resolves (RFC 6761): the HTTP probe's CONNECT has the proxy reach nothing. */
const PROBE_TARGET = "glance-proxy-check.invalid:443";

/** An HTTP proxy's credentials, checked with a CONNECT it cannot carry out: only its 407 is a refusal. */
async function httpProbe(socket: net.Socket, proxy: PinnedProxy): Promise<void> {
  const auth = basicCredentials(proxy);
  socket.write(
    `CONNECT ${PROBE_TARGET} HTTP/1.1\r\nHost: ${PROBE_TARGET}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ""}\r\n`,
  );
  const head = readUntil(socket, (buffer) => (buffer.includes("\r\n") ? buffer.indexOf("\r\n") : undefined)).then(
    ({ used }) => used.toString("latin1"),
    () => "",
  );
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(""), PROBE_ANSWER_MS)));
  const line = await Promise.race([head, silence]).finally(() => clearTimeout(timer));
  if (/^HTTP\/1\.[01] 407\b/.test(line)) throw new ProxyFailure("auth", "the proxy refused its credentials (407)");
}

/**
 * Reaches the proxy once, cheaply (a live session's connect, D41): a TCP connection, then SOCKS5's
 * greeting and credentials (no CONNECT), or for HTTP a CONNECT to a name that never resolves,
 * whose 407 is the credentials' refusal (any other answer, or none within a few seconds, is taken
 * as the credentials passing). Throws ProxyFailure: unreachable, timeout or auth.
 */
export async function probeProxy(proxy: PinnedProxy): Promise<void> {
  const socket = await connectToProxy(proxy);
  socket.on("error", () => socket.destroy());
  try {
    if (proxy.scheme === "socks5") await socks5Authenticate(socket, proxy);
    else await httpProbe(socket, proxy);
  } catch (error) {
    throw error instanceof ProxyFailure ? error : new ProxyFailure("refused", "the proxy's handshake failed");
  } finally {
    socket.destroy();
  }
}
