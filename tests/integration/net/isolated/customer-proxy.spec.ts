/**
 * The customer's own proxy (D41) inside the loopback-only namespace, with the canary listening on
 * every loopback, private and metadata address. The proxy is a real forward proxy (proxy-chain) at
 * the namespace's stand-in public address, not on ALLOW_PRIVATE_ORIGINS, so the boundary's own
 * rules judge it. It can reach the canary (the control shows it does when asked directly), so the
 * canary's silence means Glance never asked it to:
 * - a private, loopback, link-local or metadata proxy (by literal or by a name resolving there) is
 *   refused before any connection;
 * - a page rendered through the proxy, as the service renders (the service's launch flags, the
 *   guard's route listener as the context's proxy, the page guard), cannot reach private
 *   IP-literal or reserved-name targets by subresources, fetch, WebSocket or frames;
 * - neither can redirects, meta refreshes, script navigations or forms toward them.
 */
import net from "node:net";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { chromiumNetworkArgs } from "@/lib/net/chromium";
import { pinProxyUrl } from "@/lib/net/proxy/address";
import { closeRouteGuard, openProxyRoute, type ProxyRoute } from "@/lib/net/proxy/route-guard";
import { launchChromium } from "../support/browser";
import { type CustomerProxyWorld, PROXY_BASIC_AUTH, startCustomerProxyWorld } from "../support/customer-proxy";
import { startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { STAND_IN_PUBLIC_IP } from "../support/namespace";
import { visit } from "../support/visit";
import { setAllowedOrigins, startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let cp: CustomerProxyWorld;
let P: number;

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
  cp = await startCustomerProxyWorld(P);
  // The pages' own origins only; the proxy is judged as a public address.
  setAllowedOrigins([fixture.origin, cp.attackOrigin]);
});
afterAll(async () => {
  await closeRouteGuard();
  await cp?.close();
  await fixture?.close();
  await world?.close();
});
beforeEach(() => world.canary.reset());

describe("the proxy's own address", () => {
  it.each([
    `http://127.0.0.1:P`,
    `http://10.0.0.1:P`,
    `http://169.254.169.254:P`,
    `socks5://u:p@[fd00::1]:P`,
    `http://[::1]:P`,
    `http://canary.test:P`,
    `http://localhost:P`,
    `http://metadata.google.internal:P`,
  ])("%s is refused before any connection", async (template) => {
    const url = template.replace(/:P$/, `:${P}`);
    const error = await pinProxyUrl(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("private_address");
    expect((error as ApiError).param).toBe("proxy");
    expect(world.canary.events).toEqual([]);
  });

  it("the stand-in public proxy passes and is pinned to its address", async () => {
    const pinned = await pinProxyUrl(cp.proxyUrl);
    expect(pinned.addresses).toEqual([STAND_IN_PUBLIC_IP]);
  });
});

describe("pages rendered through the proxy", () => {
  let browser: Browser;
  let route: ProxyRoute;

  beforeAll(async () => {
    browser = await launchChromium(await chromiumNetworkArgs());
    route = await openProxyRoute(await pinProxyUrl(cp.proxyUrl));
  });
  afterAll(async () => {
    route?.close();
    await browser?.close();
  });

  const render = (url: string, waitDone = true) =>
    visit(browser, url, {
      withPageGuard: true,
      waitDone,
      context: route.boundary,
      guardOptions: { proxyRoute: route.credentials },
    });

  it("control: the proxy reaches the canary when asked directly", async () => {
    const socket = net.connect({ host: STAND_IN_PUBLIC_IP, port: cp.proxy.port });
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `CONNECT 127.0.0.1:${P} HTTP/1.1\r\nHost: 127.0.0.1:${P}\r\nProxy-Authorization: Basic ${PROXY_BASIC_AUTH}\r\n\r\n`,
    );
    const answer = await new Promise<string>((resolve) => socket.once("data", (d: Buffer) => resolve(d.toString())));
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.[01] 200/);
    await expect.poll(() => world.canary.events.length).toBeGreaterThan(0);
  });

  it("the page itself goes through the proxy", async () => {
    const before = cp.seen.length;
    const result = await render(`${cp.attackOrigin}/`);
    expect(result.error).toBeUndefined();
    expect(cp.seen.slice(before)).toContain(new URL(cp.attackOrigin).host);
  });

  it("its subresources, fetches, WebSockets and frames to private literals reach nothing", async () => {
    const before = cp.seen.length;
    const result = await render(`${cp.attackOrigin}/`);
    expect(result.error).toBeUndefined();
    expect(world.canary.events).toEqual([]);
    expect(cp.seen.slice(before).filter((seen) => seen.endsWith(`:${P}`))).toEqual([]);
    expect(result.guard?.blocked.length).toBeGreaterThan(0);
  });

  it.each(["redirect", "meta", "script-nav", "form"])("a %s toward private literals reaches nothing", async (kind) => {
    // One spelling of each kind of address (the subresource test above tries every spelling).
    const targets = ["127.0.0.1", "[::1]", "169.254.169.254", "localhost"].map((host) => `http://${host}:${P}/nav`);
    const before = cp.seen.length;
    const results = await Promise.all(
      targets.map((to) => {
        const query = `to=${encodeURIComponent(to)}`;
        return render(
          `${fixture.origin}/attack/${kind === "redirect" ? `redirect?n=2&${query}` : `${kind}?${query}`}`,
          false,
        );
      }),
    );
    if (kind === "redirect")
      results.forEach((result, k) => expect(result.guard?.mainDocumentBlock(), targets[k]).toBeDefined());
    expect(world.canary.events).toEqual([]);
    expect(cp.seen.slice(before).filter((seen) => seen.endsWith(`:${P}`))).toEqual([]);
  });

  it("the route listener alone refuses private literals and reserved names, with the route's credentials", async () => {
    const url = new URL(route.boundary.proxyServer);
    const auth = Buffer.from(`${route.credentials.username}:${route.credentials.password}`).toString("base64");
    const ask = async (head: string) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port) });
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write(`${head}\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`);
      const answer = await new Promise<string>((resolve) => socket.once("data", (d: Buffer) => resolve(d.toString())));
      socket.destroy();
      return answer;
    };
    const before = cp.seen.length;
    for (const host of [
      "127.0.0.1",
      "[::1]",
      "10.0.0.1",
      "169.254.169.254",
      "[fd00::1]",
      "localhost",
      "metadata.google.internal",
    ]) {
      expect(await ask(`CONNECT ${host}:${P} HTTP/1.1\r\nHost: ${host}:${P}`), host).toMatch(/^HTTP\/1\.1 403/);
      expect(await ask(`GET http://${host}:${P}/ HTTP/1.1\r\nHost: ${host}:${P}`), host).toMatch(/^HTTP\/1\.1 403/);
    }
    // Control: the same credentials do lead through the proxy to an allowed page.
    expect(await ask(`GET ${cp.attackOrigin}/ HTTP/1.1\r\nHost: ${new URL(cp.attackOrigin).host}`)).toMatch(
      /^HTTP\/1\.1 200/,
    );
    expect(cp.seen.slice(before)).toEqual([new URL(cp.attackOrigin).host]);
    expect(world.canary.events).toEqual([]);
  });

  it("the route listener refuses requests without the route's credentials", async () => {
    const url = new URL(route.boundary.proxyServer);
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`CONNECT 127.0.0.1:${P} HTTP/1.1\r\nHost: 127.0.0.1:${P}\r\n\r\n`);
    const answer = await new Promise<string>((resolve) => socket.once("data", (d: Buffer) => resolve(d.toString())));
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 407/);
    expect(world.canary.events).toEqual([]);
  });
});
