/**
 * `proxy` on POST /v1/sessions (D41 with D39, issue 48): checked at creation as a capture's is (a
 * bad URL, a loopback proxy not allowed, a plan below it: problems before any row), sealed on the
 * row until the connect URL is used, then the session's pages go through it — the real forward
 * proxy's record shows it. The proxy is reached once at connect: closed, or refusing the
 * credentials (HTTP and SOCKS5), the connect is refused with the renders' named problem. GET says
 * only `proxy: true`; the password is in no answer, connect URL, database row or log line.
 */
import net from "node:net";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import {
  type ForwardProxy,
  PROXY_PASSWORD,
  PROXY_USER,
  startHttpProxy,
  startSocksProxy,
} from "@/tests/support/forward-proxies";
import { rawUpgrade, sessionHarness } from "./harness";

let proxy: ForwardProxy;
let socks: ForwardProxy;
/** An allowed loopback origin where nothing listens: a proxy that is down. */
let closedOrigin: string;
const written: string[] = [];
const originalWrites = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};
beforeAll(async () => {
  [proxy, socks] = await Promise.all([startHttpProxy(), startSocksProxy()]);
  const spare = net.createServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  closedOrigin = `http://127.0.0.1:${(spare.address() as net.AddressInfo).port}`;
  await new Promise((resolve) => spare.close(resolve));
});
const h = sessionHarness({
  // Read when the environment is made, after the proxies have started.
  get ALLOW_PRIVATE_ORIGINS() {
    return [h.fx.origin, proxy.origin, socks.origin, closedOrigin].join(",");
  },
  LOG_LEVEL: "debug",
});
beforeAll(() => {
  const capture =
    (original: typeof process.stdout.write) =>
    (chunk: unknown, ...rest: never[]) => (written.push(String(chunk)), original(chunk as string, ...rest));
  process.stdout.write = capture(originalWrites.out) as typeof process.stdout.write;
  process.stderr.write = capture(originalWrites.err) as typeof process.stderr.write;
});
const browsers: Browser[] = [];
afterAll(async () => {
  process.stdout.write = originalWrites.out;
  process.stderr.write = originalWrites.err;
  await Promise.all(browsers.map((b) => b.close().catch(() => {})));
  await Promise.all([proxy?.close(), socks?.close()]);
});

const wrongPassword = (url: string) => url.replace(encodeURIComponent(PROXY_PASSWORD), "not-the-password");
const secrets = [PROXY_PASSWORD, encodeURIComponent(PROXY_PASSWORD)];

async function create(body: Record<string, unknown> | undefined, apiKey = h.account.apiKey, query = "") {
  const { POST } = await import("@/app/v1/sessions/route");
  const headers: Record<string, string> = { "X-API-Key": apiKey };
  if (body) headers["Content-Type"] = "application/json";
  const answer = await POST(
    new Request(`http://localhost:3000/v1/sessions${query}`, {
      method: "POST",
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    }),
  );
  const text = await answer.text();
  for (const secret of secrets) expect(text).not.toContain(secret);
  return { status: answer.status, body: JSON.parse(text) as Record<string, unknown> };
}

/** The session's row as stored, every column as text. */
async function row(id: string): Promise<Record<string, unknown>> {
  const { getPool } = await import("@/lib/db/pool");
  const pool = await getPool();
  return (await pool.query("SELECT * FROM browser_sessions WHERE id = $1", [id])).rows[0] as Record<string, unknown>;
}

/** The connect URL's session's raw upgrade: its refusal, through our server (the connect URL holds its own host). */
function connectRaw(connectUrl: string, extra = "") {
  return rawUpgrade(`${h.endpoint}${new URL(connectUrl).search}${extra}`);
}

describe("proxy on POST /v1/sessions", () => {
  it("is sealed on the row until the connect, then the session's pages go through it; GET says only proxy: true", async () => {
    const created = await create({ proxy: proxy.url });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "waiting", proxy: true });
    const { id, connectUrl } = created.body as { id: string; connectUrl: string };
    expect(new URL(connectUrl).searchParams.has("proxy")).toBe(false);
    const stored = await row(id);
    expect(stored.proxy).toBe(true);
    expect(stored.proxy_sealed).toMatch(/^v1\./);
    for (const secret of [...secrets, PROXY_USER]) expect(JSON.stringify(stored)).not.toContain(secret);

    const browser = await puppeteer.connect({ browserWSEndpoint: `${h.endpoint}${new URL(connectUrl).search}` });
    browsers.push(browser);
    // Used once, the sealed proxy is gone from the row: the bridge holds it in memory.
    expect((await row(id)).proxy_sealed).toBeNull();
    const before = proxy.seen.length;
    const page = await browser.newPage();
    expect((await page.goto(h.fx.url("form.html?created")))?.status()).toBe(200);
    expect(proxy.seen.slice(before)).toContain(new URL(h.fx.origin).host);

    const { GET } = await import("@/app/v1/sessions/[id]/route");
    const one = await GET(
      new Request(`http://localhost:3000/v1/sessions/${id}`, { headers: { "X-API-Key": h.account.apiKey } }),
    );
    const text = await one.text();
    expect(JSON.parse(text)).toMatchObject({ id, status: "live", proxy: true });
    for (const secret of [...secrets, PROXY_USER]) expect(text).not.toContain(secret);
    await browser.close();
  });

  it("in the query of a POST without a body too; DELETE before the connect, or its expiry, drops the sealed proxy", async () => {
    const created = await create(undefined, h.account.apiKey, `?${new URLSearchParams({ proxy: proxy.url })}`);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await row(id)).proxy_sealed).not.toBeNull();
    const { DELETE } = await import("@/app/v1/sessions/[id]/route");
    const headers = { "X-API-Key": h.account.apiKey };
    expect(
      (await DELETE(new Request(`http://localhost:3000/v1/sessions/${id}`, { method: "DELETE", headers }))).status,
    ).toBe(204);
    expect(await row(id)).toMatchObject({ proxy_sealed: null, proxy: true, end_reason: "deleted" });
    // A connect URL that expired unused: the sweeper drops its sealed proxy.
    const expiring = (await create({ proxy: proxy.url })).body.id as string;
    const { getPool } = await import("@/lib/db/pool");
    await (
      await getPool()
    ).query(`UPDATE browser_sessions SET token_expires_at = token_expires_at - interval '2 minutes' WHERE id = $1`, [
      expiring,
    ]);
    expect((await row(expiring)).proxy_sealed).not.toBeNull();
    const { sweepSessions } = await import("@/lib/sessions/sweeper");
    await sweepSessions();
    expect((await row(expiring)).proxy_sealed).toBeNull();
  });

  it("a bad proxy URL, a loopback proxy not allowed, a plan below it: problems at creation, no row", async () => {
    const { getPool } = await import("@/lib/db/pool");
    const count = async () =>
      Number((await (await getPool()).query("SELECT count(*) AS n FROM browser_sessions")).rows[0].n);
    const before = await count();
    const bad = await create({ proxy: `ftp://${PROXY_USER}:${PROXY_PASSWORD}@proxy.example:21` });
    expect(bad).toMatchObject({ status: 400, body: { code: "invalid_parameter", param: "proxy" } });
    const withPath = await create({ proxy: `${proxy.url}/path` });
    expect(withPath).toMatchObject({ status: 400, body: { code: "invalid_parameter", param: "proxy" } });
    // The same refusal a capture gets for a proxy on loopback that ALLOW_PRIVATE_ORIGINS does not name.
    const loopback = await create({ proxy: `http://u:${PROXY_PASSWORD}@${new URL(h.forbiddenOrigin).host}` });
    expect(loopback).toMatchObject({ status: 400, body: { code: "private_address", param: "proxy" } });
    const free = await createTestAccount({ plan: "free" });
    const below = await create({ proxy: proxy.url }, free.apiKey);
    expect(below).toMatchObject({ status: 403, body: { code: "plan_upgrade_required", param: "proxy" } });
    expect(await count()).toBe(before);
  });

  it("a proxy that is down, or refuses the credentials, refuses the connect with its named problem", async () => {
    const cases: Array<[string, string]> = [
      [`http://u:${PROXY_PASSWORD}@${new URL(closedOrigin).host}`, "proxy_unreachable"],
      [wrongPassword(proxy.url), "proxy_auth_failed"],
      [wrongPassword(socks.url), "proxy_auth_failed"],
    ];
    const refusedBefore = proxy.refusedAuth + socks.refusedAuth;
    for (const [proxyUrl, code] of cases) {
      const created = await create({ proxy: proxyUrl });
      expect(created.status).toBe(201);
      const answer = await connectRaw(created.body.connectUrl as string);
      expect({ status: answer.status, problem: answer.problem }).toMatchObject({
        status: 400,
        problem: { code, param: "proxy" },
      });
      expect(JSON.stringify(answer.problem)).not.toContain(PROXY_PASSWORD);
      expect(await row(created.body.id as string)).toMatchObject({ end_reason: "refused", proxy_sealed: null });
    }
    // Both proxies were really asked, and said no.
    expect(proxy.refusedAuth + socks.refusedAuth).toBe(refusedBefore + 2);
    // The same check on the WebSocket URL's own proxy=.
    const direct = await rawUpgrade(
      `${h.endpoint}?${new URLSearchParams({ proxy: wrongPassword(proxy.url) })}`,
      h.account.apiKey,
    );
    expect(direct).toMatchObject({ status: 400, problem: { code: "proxy_auth_failed" } });
  });

  it("a connect URL may not add a second proxy to the one the session was created with", async () => {
    const created = await create({ proxy: proxy.url });
    const answer = await connectRaw(created.body.connectUrl as string, `&${new URLSearchParams({ proxy: socks.url })}`);
    expect(answer).toMatchObject({ status: 400, problem: { code: "invalid_parameter", param: "proxy" } });
    // Its token is used: the session ends refused now (no minutes), its sealed proxy gone.
    expect(await row(created.body.id as string)).toMatchObject({
      end_reason: "refused",
      proxy_sealed: null,
      minutes: null,
    });
  });

  it("the password is in no database row of the account and no log line", async () => {
    const { flushUsage } = await import("@/lib/usage/record");
    const { getPool } = await import("@/lib/db/pool");
    await flushUsage();
    const pool = await getPool();
    const tables = await pool.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    let dump = "";
    for (const { t } of tables.rows)
      dump += (await pool.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${t}" x`)).rows
        .map((r) => r.j)
        .join("\n");
    // The request log holds the POSTs, their proxy not kept.
    const events = await pool.query<{ params: unknown }>(
      `SELECT params FROM usage_events WHERE user_id = $1 AND endpoint = 'sessions' AND params ? 'proxy'`,
      [h.account.userId],
    );
    expect(events.rows.length).toBeGreaterThan(0);
    expect(events.rows.every((r) => (r.params as { proxy: string }).proxy === "(sent, not kept)")).toBe(true);
    // The dump and the capture hold what they should: the sessions' rows, the requests' log lines.
    expect(dump).toContain('"proxy_sealed":null');
    expect(written.join("")).toMatch(/"endpoint":"sessions"/);
    for (const secret of secrets) {
      expect(dump).not.toContain(secret);
      expect(written.join("")).not.toContain(secret);
    }
  });
});
