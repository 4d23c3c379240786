/**
 * A customer's proxy (D41) for the isolated specs: a real forward proxy (proxy-chain) at the
 * namespace's stand-in public address, so the boundary's own rules judge it as public, and an
 * attack page whose subresources, fetches, WebSockets and frames name every IP-literal and
 * reserved-name spelling of the canary. The proxy records the hosts it was asked for.
 */
import http from "node:http";
import type net from "node:net";
import { Server as HttpProxyServer } from "proxy-chain";
import { CANARY_HOSTS } from "./fixture-site";
import { STAND_IN_PUBLIC_IP } from "./namespace";

const USER = "customer";
const PASSWORD = "proxy-secret-1";

/**
 * Canary spellings Glance judges without DNS: IP literals and reserved names. Names that resolve
 * to loopback (canary.test, rebind.test) are the proxy's to resolve (D41) — inside its own network
 * they are its business, and in this namespace the proxy shares ours, so they are left out.
 */
const LITERAL_HOSTS = CANARY_HOSTS.filter((host) => host !== "canary.test" && host !== "rebind.test");

function attackPage(canaryPort: number): string {
  const targets = LITERAL_HOSTS.map((host) => `http://${host}:${canaryPort}`);
  const tags = targets
    .map((t) => `<img src="${t}/img"><iframe src="${t}/frame"></iframe><link rel="stylesheet" href="${t}/css">`)
    .join("");
  const script = `
    const targets = ${JSON.stringify(targets)};
    for (const t of targets) {
      fetch(t + "/fetch").catch(() => {});
      fetch(t.replace("http://", "https://") + "/tls").catch(() => {});
      try { new WebSocket(t.replace("http://", "ws://") + "/ws"); } catch {}
    }
    setTimeout(() => { window.__done = true; }, 1500);`;
  return `<!doctype html><body>${tags}<script>${script}</script></body>`;
}

export interface CustomerProxyWorld {
  /** The attack page's origin (loopback; allow it with ALLOW_PRIVATE_ORIGINS). */
  attackOrigin: string;
  proxy: HttpProxyServer;
  /** http://user:password@<stand-in public address>:port */
  proxyUrl: string;
  /** host:port of every request the proxy carried with the right credentials. */
  seen: string[];
  close(): Promise<void>;
}

export async function startCustomerProxyWorld(canaryPort: number): Promise<CustomerProxyWorld> {
  const attacks = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html", "cache-control": "no-store" });
    res.end(attackPage(canaryPort));
  });
  await new Promise<void>((resolve) => attacks.listen(0, "127.0.0.1", resolve));
  const seen: string[] = [];
  const proxy = new HttpProxyServer({
    port: 0,
    host: STAND_IN_PUBLIC_IP,
    verbose: false,
    prepareRequestFunction: ({ username, password, hostname, port }) => {
      const ok = username === USER && password === PASSWORD;
      if (ok) seen.push(`${hostname}:${port}`);
      return { requestAuthentication: !ok };
    },
  });
  await proxy.listen();
  return {
    attackOrigin: `http://127.0.0.1:${(attacks.address() as net.AddressInfo).port}`,
    proxy,
    proxyUrl: `http://${USER}:${PASSWORD}@${STAND_IN_PUBLIC_IP}:${proxy.port}`,
    seen,
    async close() {
      await proxy.close(true);
      attacks.closeAllConnections();
      await new Promise<void>((resolve) => attacks.close(() => resolve()));
    },
  };
}

/** The proxy's credentials as a Basic Proxy-Authorization value. */
export const PROXY_BASIC_AUTH = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
