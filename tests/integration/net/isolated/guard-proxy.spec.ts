/**
 * The guard proxy on its own: plain HTTP, CONNECT and WebSocket upgrades to any spelling of a
 * non-public address are refused with 403, DNS rebinding cannot turn a checked public answer into
 * a loopback connection, allowed origins pass only when scheme, host and port all match, and the
 * canary hears nothing throughout.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GUARD_HEADER, startGuardProxy, type GuardProxy, type GuardRefusal } from "@/lib/net/guard-proxy";
import { CANARY_HOSTS, startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { STAND_IN_PUBLIC_IP } from "../support/namespace";
import { proxyConnect, proxyGet, proxyUpgrade } from "../support/proxy-client";
import { setAllowedOrigins, sleep, startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let guard: GuardProxy;
const refusals: GuardRefusal[] = [];
let P: number;

const TLS_CLIENT_HELLO_START = Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 0x01, 0x00, 0x00, 0x01, 0x00]);

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
  setAllowedOrigins([fixture.origin, `http://fixture.test:${fixture.port}`]);
  guard = await startGuardProxy({ onRefusal: (r) => refusals.push(r) });
});
afterAll(async () => {
  await guard?.close();
  await fixture?.close();
  await world?.close();
});
beforeEach(() => {
  world.canary.reset();
  refusals.splice(0);
});

// rebind.test answers a public address every other time: it has its own test below.
const hostsWithMore = [
  ...CANARY_HOSTS.filter((h) => h !== "rebind.test"),
  "[::]",
  "[::ffff:7f00:1]",
  "[64:ff9b::7f00:1]",
  "[2002:7f00:1::]",
  "mixed.test",
  "metadata.google.internal",
  "127.0.0.2",
];

describe("guard proxy", () => {
  it("refuses plain http to every spelling of the canary", async () => {
    for (const host of hostsWithMore) {
      const res = await proxyGet(guard.port, `http://${host}:${P}/secret?token=abc`);
      expect(res.status, host).toBe(403);
      expect(res.headers[GUARD_HEADER]).toBe("refused");
    }
    expect(world.canary.events).toEqual([]);
    expect(refusals.length).toBe(hostsWithMore.length);
    expect(JSON.stringify(refusals)).not.toContain("token=abc"); // refusals name host and port only
  });

  it("refuses CONNECT (https and every WebSocket) to every spelling of the canary", async () => {
    for (const host of hostsWithMore) {
      const bare = host.replace(/\.$/, "");
      const { statusLine } = await proxyConnect(guard.port, `${bare}:${P}`, "GET / HTTP/1.1\r\n\r\n");
      expect(statusLine, host).toMatch(/^HTTP\/1\.1 (403|400) /);
    }
    expect(world.canary.events).toEqual([]);
  });

  it("refuses WebSocket upgrades sent in absolute form", async () => {
    for (const host of ["127.0.0.1", "localhost", "[::1]", "169.254.169.254", "canary.test"]) {
      expect(await proxyUpgrade(guard.port, `http://${host}:${P}/ws`)).toMatch(/^HTTP\/1\.1 403 /);
    }
    expect(world.canary.events).toEqual([]);
  });

  it("pins the address it checked: a rebinding name never reaches loopback", async () => {
    const before = world.dns.queries.get("rebind.test/A") ?? 0;
    for (let i = 0; i < 6; i++) {
      const res = await proxyGet(guard.port, `http://rebind.test:${P}/`);
      expect([403, 502]).toContain(res.status); // 403 on a loopback answer, 502 on the unreachable public one
      const tunnel = await proxyConnect(guard.port, `rebind.test:${P}`, "GET / HTTP/1.1\r\n\r\n");
      expect(tunnel.tunnelled).not.toContain("canary");
    }
    expect((world.dns.queries.get("rebind.test/A") ?? 0) - before).toBeGreaterThanOrEqual(12); // both answers were served
    await sleep(100);
    expect(world.canary.events).toEqual([]);
  });

  it("lets an allowed origin through, by address or by name, and forwards no proxy credentials", async () => {
    const byIp = await proxyGet(guard.port, `${fixture.origin}/hello`);
    expect(byIp.status).toBe(200);
    expect(byIp.body).toBe("hello from the fixture");
    const echo = await proxyGet(guard.port, `http://fixture.test:${fixture.port}/echo`, {
      "proxy-authorization": "Basic c2VjcmV0",
      "x-test": "1",
    });
    const seen = JSON.parse(echo.body) as Record<string, string>;
    expect(seen["x-test"]).toBe("1");
    expect(seen.host).toBe(`fixture.test:${fixture.port}`);
    expect(seen["proxy-authorization"]).toBeUndefined();
    expect(world.canary.events).toEqual([]);
  });

  it("matches a tunnel to an allowed origin by the scheme it actually speaks", async () => {
    const plain = await proxyConnect(
      guard.port,
      `127.0.0.1:${fixture.port}`,
      "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    expect(plain.statusLine).toMatch(/ 200 /);
    expect(plain.tunnelled).toContain("hello from the fixture");
    // Only http://127.0.0.1:<port> is allowed, so TLS (https://…) to the same host and port is not.
    const tls = await proxyConnect(guard.port, `127.0.0.1:${fixture.port}`, TLS_CLIENT_HELLO_START);
    expect(tls.tunnelled).toBe("");
    expect(refusals.some((r) => r.kind === "connect" && r.port === fixture.port)).toBe(true);
    // Another port on the same host is not allowed at all.
    expect((await proxyConnect(guard.port, `127.0.0.1:${P}`, "GET / HTTP/1.1\r\n\r\n")).statusLine).toMatch(/ 403 /);
    expect(world.canary.events).toEqual([]);
  });

  it("reaches a public server by the address it checked, over plain HTTP and through a tunnel", async () => {
    const server = http.createServer((req, res) => res.end(`public ${req.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, STAND_IN_PUBLIC_IP, resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const res = await proxyGet(guard.port, `http://www.public.test:${port}/`);
      expect(res.status).toBe(200);
      expect(res.body).toBe(`public www.public.test:${port}`);
      const tunnel = await proxyConnect(
        guard.port,
        `www.public.test:${port}`,
        `GET / HTTP/1.1\r\nHost: www.public.test:${port}\r\nConnection: close\r\n\r\n`,
      );
      expect(tunnel.statusLine).toMatch(/ 200 /);
      expect(tunnel.tunnelled).toContain(`public www.public.test:${port}`);
      // Nothing listens on this port of the public address: a 502, not a hang.
      server.close();
      expect((await proxyConnect(guard.port, `www.public.test:${port}`)).statusLine).toMatch(/ 502 /);
    } finally {
      server.close();
    }
    expect(world.canary.events).toEqual([]);
  });

  it("answers requests that are not proxy requests with 400", async () => {
    expect((await proxyGet(guard.port, "/hello")).status).toBe(400);
    expect((await proxyGet(guard.port, `https://127.0.0.1:${P}/`)).status).toBe(400);
    expect((await proxyConnect(guard.port, "no-port-here")).statusLine).toMatch(/ 400 /);
    expect((await proxyConnect(guard.port, `127.0.0.1:99999`)).statusLine).toMatch(/ 400 /);
    expect(world.canary.events).toEqual([]);
  });

  it("requires the proxy token when one is configured", async () => {
    const locked = await startGuardProxy({ token: "s3cret" });
    try {
      expect((await proxyGet(locked.port, `${fixture.origin}/hello`)).status).toBe(407);
      expect((await proxyConnect(locked.port, `127.0.0.1:${fixture.port}`)).statusLine).toMatch(/ 407 /);
      const upgrade = await proxyUpgrade(locked.port, `http://127.0.0.1:${fixture.port}/ws`);
      expect(upgrade).toMatch(/^HTTP\/1\.1 407 /);
      // RFC 9110 §11.7.1: every 407 names the scheme it wants, on each of the three paths.
      expect(upgrade.toLowerCase()).toContain('proxy-authenticate: basic realm="glance-guard"');
      expect((await proxyGet(locked.port, `${fixture.origin}/hello`)).headers["proxy-authenticate"]).toBe(
        'Basic realm="glance-guard"',
      );
      const auth = `Basic ${Buffer.from("glance:s3cret").toString("base64")}`;
      expect((await proxyGet(locked.port, `${fixture.origin}/hello`, { "proxy-authorization": auth })).status).toBe(
        200,
      );
      expect((await proxyGet(locked.port, `http://127.0.0.1:${P}/`, { "proxy-authorization": auth })).status).toBe(403);
    } finally {
      await locked.close();
    }
    expect(world.canary.events).toEqual([]);
  });
});
