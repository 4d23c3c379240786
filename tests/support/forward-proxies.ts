/**
 * Real forward proxies on loopback for the customer's-proxy tests (D41): an HTTP proxy
 * (proxy-chain, CONNECT and absolute-form) and a SOCKS5 proxy (@pondwader/socks5-server), each
 * asking for a user name and password and recording every target it was asked for, so a test can
 * show its page really went through the proxy — and that wrong credentials went nowhere.
 */
import type { AddressInfo, Server } from "node:net";
import { createServer as createSocksServer } from "@pondwader/socks5-server";
import { Server as HttpProxyServer } from "proxy-chain";

export interface ForwardProxy {
  /** The proxy URL with its valid credentials. */
  url: string;
  /** http://127.0.0.1:port — the origin ALLOW_PRIVATE_ORIGINS names to let the tests use it. */
  origin: string;
  /** "host:port" of every target it connected to (or forwarded to) after authentication. */
  seen: string[];
  /** How many times it refused credentials. */
  refusedAuth: number;
  /** Target ports the SOCKS5 proxy refuses by its rules (reply 2, "not allowed by ruleset"). */
  refusedPorts: Set<number>;
  close(): Promise<void>;
}

export const PROXY_USER = "glance-user";
export const PROXY_PASSWORD = "pr0xy-p@ss-5e3c9a71";

/** `anyPassword`: any password for PROXY_USER is taken (a test that makes a secret of its own per request). */
export async function startHttpProxy(options: { anyPassword?: boolean } = {}): Promise<ForwardProxy> {
  const seen: string[] = [];
  const state = { refusedAuth: 0 };
  const server = new HttpProxyServer({
    port: 0,
    host: "127.0.0.1",
    verbose: false,
    prepareRequestFunction: ({ username, password, hostname, port }) => {
      const ok =
        username === PROXY_USER && (password === PROXY_PASSWORD || (options.anyPassword === true && !!password));
      if (ok) seen.push(`${hostname}:${port}`);
      else state.refusedAuth++;
      return { requestAuthentication: !ok };
    },
  });
  await server.listen();
  const port = server.port;
  return {
    url: `http://${PROXY_USER}:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    seen,
    get refusedAuth() {
      return state.refusedAuth;
    },
    refusedPorts: new Set(),
    close: () => server.close(true),
  };
}

export async function startSocksProxy(): Promise<ForwardProxy> {
  const seen: string[] = [];
  const state = { refusedAuth: 0 };
  const refusedPorts = new Set<number>();
  const server = createSocksServer();
  server.setAuthHandler((conn) => {
    const ok = conn.username === PROXY_USER && conn.password === PROXY_PASSWORD;
    if (!ok) state.refusedAuth++;
    return ok;
  });
  server.setRulesetValidator((conn) => {
    if (refusedPorts.has(conn.destPort)) return false;
    seen.push(`${conn.destAddress}:${conn.destPort}`);
    return true;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  // The library keeps its net.Server private; its address is the only way to learn the port it got.
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return {
    url: `socks5://${PROXY_USER}:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    seen,
    get refusedAuth() {
      return state.refusedAuth;
    },
    refusedPorts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
