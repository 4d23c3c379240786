/**
 * The customer's own proxy (D41) on real Chromium, through real forward proxies on loopback
 * (proxy-chain for HTTP, a SOCKS5 server): the page and its subresources really go through the
 * proxy with its credentials; wrong credentials, a proxy that refuses connections and a proxy the
 * boundary refuses are clean, uncharged 400s naming `proxy`; private IP-literal targets stay refused
 * through a proxy, redirects included; the proxy is in the cache key by its hash only, and its
 * password appears in no log line, answer, stored file or database row.
 */
import net from "node:net";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, problemOf, rendersOf } from "@/tests/support/api";
import {
  type ForwardProxy,
  PROXY_PASSWORD,
  PROXY_USER,
  startHttpProxy,
  startSocksProxy,
} from "@/tests/support/forward-proxies";
import { expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";
import { type EchoServer, startEchoServer } from "./echo-servers";

let target: EchoServer;
let httpProxy: ForwardProxy;
let socksProxy: ForwardProxy;
/** A loopback port nothing listens on, allow-listed so only the connection itself can fail. */
let closedPort: number;
const written: string[] = [];
const originalWrites = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};

beforeAll(async () => {
  target = await startEchoServer("127.0.0.1");
  target.pages.set("/page", `<!doctype html><body style="background:#fff"><img src="/sub.gif"></body>`);
  httpProxy = await startHttpProxy();
  socksProxy = await startSocksProxy();
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await target?.close();
  await httpProxy?.close();
  await socksProxy?.close();
});
const h = screenshotHarness(() => ({
  plan: "pro",
  allowOrigins: [target.origin, httpProxy.origin, socksProxy.origin, `http://127.0.0.1:${closedPort}`],
  env: { extra: { LOG_LEVEL: "debug" } },
}));

beforeAll(() => {
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
});
afterAll(() => {
  process.stdout.write = originalWrites.out;
  process.stderr.write = originalWrites.err;
});

const targetAuthority = () => new URL(target.origin).host;
const withPassword = (proxy: ForwardProxy, password: string) =>
  proxy.url.replace(encodeURIComponent(PROXY_PASSWORD), encodeURIComponent(password));

describe.each([
  ["http", () => httpProxy],
  ["socks5", () => socksProxy],
])("through an %s proxy", (_kind, proxyOf) => {
  it("the page and what it loads go through the proxy, with its credentials", async () => {
    const proxy = proxyOf();
    const before = { proxy: proxy.seen.length, target: target.seen.length };
    await expectOk(await h.shoot({ url: `${target.origin}/page?via=${_kind}`, proxy: proxy.url }));
    const atProxy = proxy.seen.slice(before.proxy);
    expect(atProxy.length).toBeGreaterThan(0);
    expect(atProxy.every((authority) => authority === targetAuthority())).toBe(true);
    const paths = target.seen.slice(before.target).map((r) => r.path);
    expect(paths).toContain("/page");
    expect(paths).toContain("/sub.gif");
  });

  it("wrong credentials: 400 proxy_auth_failed, nothing reached the page, nothing charged", async () => {
    const proxy = proxyOf();
    const before = { refused: proxy.refusedAuth, target: target.seen.length, renders: await rendersOf(h.account) };
    const response = await h.shoot({ url: `${target.origin}/page?bad=${_kind}`, proxy: withPassword(proxy, "wrong") });
    const problem = await problemOf(response);
    expect(response.status, JSON.stringify(problem)).toBe(400);
    expect(problem).toMatchObject({ code: "proxy_auth_failed", param: "proxy" });
    expect(proxy.refusedAuth).toBeGreaterThan(before.refused);
    expect(target.seen.slice(before.target).map((r) => r.path)).not.toContain("/page");
    expect(await rendersOf(h.account)).toBe(before.renders);
  });

  it("a private IP-literal target stays refused through the proxy, redirects included", async () => {
    const proxy = proxyOf();
    const direct = await h.shoot({ url: "http://10.1.2.3/", proxy: proxy.url });
    expect(await problemOf(direct)).toMatchObject({ code: "private_address", param: "url" });
    target.redirects.set(`/to-private-${_kind}`, "http://127.0.0.9:8080/");
    const before = proxy.seen.length;
    const redirected = await h.shoot({ url: `${target.origin}/to-private-${_kind}`, proxy: proxy.url });
    expect(await problemOf(redirected)).toMatchObject({ code: "private_address" });
    expect(proxy.seen.slice(before)).not.toContain("127.0.0.9:8080");
  });
});

describe("the other page endpoints", () => {
  it("content and animate load their page through the proxy too", async () => {
    const { GET: content } = await import("@/app/v1/content/route");
    const { GET: animate } = await import("@/app/v1/animate/route");
    for (const [name, call, extra] of [
      ["content", content, "formats=markdown"],
      ["animate", animate, "format=webm&duration=1500&width=320&height=240&fps=10"],
    ] as const) {
      const before = { proxy: httpProxy.seen.length, target: target.seen.length };
      const query = `url=${encodeURIComponent(`${target.origin}/page?via=${name}`)}&proxy=${encodeURIComponent(httpProxy.url)}&${extra}`;
      const response = await call(apiRequest(`/v1/${name}?${query}`, { apiKey: h.account.apiKey }));
      expect(response.status, `${name}: ${response.status === 200 ? "" : await response.text()}`).toBe(200);
      expect(httpProxy.seen.slice(before.proxy), name).toContain(targetAuthority());
      expect(
        target.seen.slice(before.target).map((r) => r.path),
        name,
      ).toContain("/page");
    }
  });
});

describe("the proxy's own address", () => {
  it("a private or loopback proxy is refused before anything renders", async () => {
    for (const proxy of [
      "http://10.0.0.1:3128",
      "socks5://user:pw@127.0.0.1:1",
      "http://localhost:8080",
      "http://[::1]:3128",
    ]) {
      const response = await h.shoot({ url: `${target.origin}/page`, proxy });
      expect(response.status, proxy).toBe(400);
      expect(await problemOf(response), proxy).toMatchObject({ code: "private_address", param: "proxy" });
    }
  });

  it("a malformed proxy is a 400 that does not quote it", async () => {
    for (const proxy of [
      "https://u:secret-x1@example.com:443",
      "ftp://example.com",
      "http://u:secret-x1@example.com/path",
    ]) {
      const response = await h.shoot({ url: `${target.origin}/page`, proxy });
      const problem = await problemOf(response);
      expect(problem, proxy).toMatchObject({ code: "invalid_parameter", param: "proxy" });
      expect(JSON.stringify(problem)).not.toContain("secret-x1");
    }
  });

  it("a proxy that refuses the connection: 400 proxy_unreachable, not charged", async () => {
    const renders = await rendersOf(h.account);
    const response = await h.shoot({ url: `${target.origin}/page?closed`, proxy: `http://127.0.0.1:${closedPort}` });
    expect(await problemOf(response)).toMatchObject({ code: "proxy_unreachable", param: "proxy" });
    expect(await rendersOf(h.account)).toBe(renders);
  });
});

describe("a proxy that will not reach the page", () => {
  it("400 proxy_refused when the proxy refuses the page's host, not charged", async () => {
    socksProxy.refusedPorts.add(closedPort);
    try {
      const renders = await rendersOf(h.account);
      const response = await h.shoot({ url: `http://127.0.0.1:${closedPort}/refused`, proxy: socksProxy.url });
      expect(await problemOf(response)).toMatchObject({ code: "proxy_refused", param: "proxy" });
      expect(await rendersOf(h.account)).toBe(renders);
    } finally {
      socksProxy.refusedPorts.delete(closedPort);
    }
  });
});

describe("cache and secrecy", () => {
  it("the proxy is in the cache key: the same proxy is a HIT, another proxy or none a MISS", async () => {
    const query = { url: `${target.origin}/page?key`, proxy: httpProxy.url };
    expect((await h.shoot(query)).headers.get("x-cache")).toBe("MISS");
    expect((await h.shoot(query)).headers.get("x-cache")).toBe("HIT");
    expect((await h.shoot({ ...query, proxy: socksProxy.url })).headers.get("x-cache")).toBe("MISS");
    expect((await h.shoot({ url: query.url })).headers.get("x-cache")).toBe("MISS");
  });

  it("the proxy's password is in no answer, log line, stored file or database row", async () => {
    const ok = await h.shoot({ url: `${target.origin}/page?json`, proxy: httpProxy.url, response: "json" });
    const body = await ok.text();
    expect(ok.status, body).toBe(200);
    const bad = JSON.stringify(
      await problemOf(
        await h.shoot({ url: `${target.origin}/page?bad2`, proxy: withPassword(httpProxy, `${PROXY_PASSWORD}-no`) }),
      ),
    );
    const { flushUsage } = await import("@/lib/usage/record");
    await flushUsage();
    const db = new pg.Client({ connectionString: h.testEnv.databaseUrl });
    await db.connect();
    const rows: string[] = [];
    try {
      const tables = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      for (const { table_name } of tables.rows) {
        const result = await db.query(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
        rows.push(...result.rows.map((r: { row: string }) => r.row));
      }
    } finally {
      await db.end();
    }
    expect(rows.some((r) => r.includes(h.account.userId))).toBe(true);
    expect(written.join("")).toContain("proxy"); // the request log lines were written, redacted
    for (const secret of [PROXY_PASSWORD, encodeURIComponent(PROXY_PASSWORD)]) {
      expect(body).not.toContain(secret);
      expect(bad).not.toContain(secret);
      expect(written.join("")).not.toContain(secret);
      for (const row of rows) expect(row).not.toContain(secret);
      for (const file of await filesUnder(h.testEnv.dataDir))
        expect((await readFile(file)).includes(secret), file).toBe(false);
    }
    expect(PROXY_USER).toBeTruthy();
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}
