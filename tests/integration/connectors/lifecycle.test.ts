/**
 * A connector's life during renders (D42, issue 46 (g)): two connectors of one workspace declaring
 * one origin are failover (the newest serves; when it goes, the other takes the next render), a
 * token revoked while a page is loading stops serving its next request and ends its socket,
 * /v1/screenshot renders through a connector like /v1/content, and a monitor of a page the
 * connector serves is created and runs through it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connector as ConnectorType } from "@/lib/connectors/client";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { createMonitor, expectStatus, monitorCall, type MonitorBody, waitForRun } from "../monitors/support";
import { accountWithConnector, connectorHarness, content, screenshot } from "./harness";

const h = connectorHarness();
let site: http.Server;
let origin: string;
const hits: string[] = [];
let releaseSlow: () => void = () => {};
let holdSlow = false;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/slow.css" && !holdSlow) return res.writeHead(200, { "content-type": "text/css" }).end("body{}");
    if (req.url === "/slow.css") {
      // Answered only when the test says so: the page is mid-load meanwhile.
      releaseSlow = () => res.writeHead(200, { "content-type": "text/css" }).end("body{}");
      return;
    }
    if (req.url === "/late.png") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(8));
    const slow = req.url === "/loading" ? '<link rel="stylesheet" href="/slow.css">' : "";
    const late =
      req.url === "/loading"
        ? '<script>setTimeout(()=>{const i=new Image();i.src="/late.png";document.body.append(i)},50)</script>'
        : "";
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(`<!doctype html><title>Inside</title>${slow}<h1>Inside</h1>${late}`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

async function connect(token: string): Promise<ConnectorType> {
  const { Connector } = await import("@/lib/connectors/client");
  const c = new Connector({ server: h.server, token, expose: [origin], log: () => {} }).start();
  for (let i = 0; i < 100 && !c.connectorId; i++) await new Promise((r) => setTimeout(r, 50));
  if (!c.connectorId) throw new Error("the connector did not connect");
  return c;
}

describe("connectors during renders", () => {
  it("/v1/screenshot renders the private page through the connector", async () => {
    const account = await accountWithConnector("shots");
    const c = await connect(account.token);
    try {
      const response = await screenshot(account, `${origin}/`);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      // The control for the revoke below: unrevoked, the page's late image is served through it.
      expect((await content(account, `${origin}/loading`)).status).toBe(200);
      expect(hits).toContain("/late.png");
      hits.length = 0;
    } finally {
      c.stop();
    }
  });

  it("two connectors of one workspace: when the serving one goes, the other serves", async () => {
    const account = await accountWithConnector("first");
    const { createConnector } = await import("@/lib/keys/connectors");
    const second = await createConnector(account.userId, "second");
    const a = await connect(account.token);
    const b = await connect(second.token);
    try {
      expect((await content(account, `${origin}/`)).status).toBe(200);
      b.stop(); // the newest, which served
      await new Promise((r) => setTimeout(r, 200));
      const response = await content(account, `${origin}/`);
      expect(response.status, await response.clone().text()).toBe(200);
      a.stop();
      await new Promise((r) => setTimeout(r, 200));
      const offline = await content(account, `${origin}/`);
      expect((await problemOf(offline)).code).toBe("connector_offline");
    } finally {
      a.stop();
      b.stop();
    }
  });

  it("revoked while the page loads: its next request is not served and its socket ends", async () => {
    const account = await accountWithConnector("revoked");
    const c = await connect(account.token);
    holdSlow = true;
    const rendering = content(account, `${origin}/loading`, { timeout: "15000" });
    for (let i = 0; i < 100 && !hits.includes("/slow.css"); i++) await new Promise((r) => setTimeout(r, 50));
    expect(hits).toContain("/slow.css");
    const { revokeConnector } = await import("@/lib/keys/connectors");
    expect(await revokeConnector(account.userId, account.connectorId)).toBe(true);
    // The revocation check is cached for 2 s per connector.
    await new Promise((r) => setTimeout(r, 2_100));
    releaseSlow();
    const response = await rendering;
    // The page itself had arrived; what it asked for after the revoke did not.
    expect(response.status).toBe(200);
    expect(hits).not.toContain("/late.png");
    const { code } = await c.finished;
    expect(code).toBe(4403);
    const again = await content(account, `${origin}/`);
    expect((await problemOf(again)).code).toBe("private_address");
  });
});

describe("a monitor of a page the workspace's connector serves", () => {
  beforeAll(async () => {
    const { startMonitoring } = await import("@/lib/monitors/start");
    await startMonitoring();
  });
  afterAll(async () => {
    const { stopMonitoring } = await import("@/lib/monitors/start");
    await stopMonitoring();
  });

  it("is created and its run goes through the connector; anywhere else the page is refused as before", async () => {
    const account = await accountWithConnector("monitored");
    const c = await connect(account.token);
    try {
      hits.length = 0;
      const created = await createMonitor(account, { url: `${origin}/`, width: 400, height: 300 });
      const monitor = (await expectStatus(created, 201)) as MonitorBody;
      const first = await waitForRun(account, monitor.id, monitor.firstRun!.id);
      expect(first.status, JSON.stringify(first.error)).toBe("succeeded");
      expect(hits).toContain("/");
      // A change of page to one the connector does not serve is the 400 it always was.
      const moved = await monitorCall(account, monitor.id, "PATCH", { url: "http://127.0.0.1:9/" });
      expect((await problemOf(moved)).code).toBe("private_address");
      await expectStatus(await monitorCall(account, monitor.id, "DELETE"), 204);

      const other = await createTestAccount({ plan: "business" });
      for (const [who, url] of [
        [other, `${origin}/`],
        [account, "http://127.0.0.1:9/"],
        [account, "http://169.254.169.254/latest/meta-data/"],
      ] as const) {
        const refused = await createMonitor(who, { url });
        expect(refused.status, url).toBe(400);
        expect((await problemOf(refused)).code, url).toBe("private_address");
      }
    } finally {
      c.stop();
    }
  });
});
