/**
 * Real forward proxies on loopback for the customer's-proxy tests (D41): an HTTP proxy
 * (proxy-chain, CONNECT and absolute-form) and a SOCKS5 proxy (@pondwader/socks5-server), each
 * asking for a user name and password and recording every target it was asked for, so a test can
 * show its page really went through the proxy — and that wrong credentials went nowhere.
 */
import dns from "node:dns";
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

/**
 * A resolver that knows `names` (name → IPv4 address) before the system's: the proxy's own DNS,
 * for names only the customer's network has (D41). Answers both forms net.connect asks in.
 */
function lookupWith(names: Record<string, string>): typeof dns.lookup {
  const lookup = (hostname: string, options: unknown, callback: unknown) => {
    const address = names[hostname.toLowerCase()];
    const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
    if (address === undefined) return (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all === true;
    if (all) done(null, [{ address, family: 4 }]);
    else done(null, address, 4);
  };
  return lookup as typeof dns.lookup;
}

/**
 * `anyPassword`: any password for PROXY_USER is taken (a test that makes a secret of its own per
 * request). `names`: host names only this proxy resolves (name → IPv4 address).
 */
export async function startHttpProxy(
  options: { anyPassword?: boolean; names?: Record<string, string> } = {},
): Promise<ForwardProxy> {
  const dnsLookup = options.names ? lookupWith(options.names) : undefined;
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
      return { requestAuthentication: !ok, ...(dnsLookup ? { dnsLookup } : {}) };
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
