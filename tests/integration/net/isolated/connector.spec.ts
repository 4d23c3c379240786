/**
 * A hostile connector cannot reach Glance's own network (D42, issue 46): a connector whose
 * workspace renders through it answers its declared origin (a `.corp` name no resolver knows) with
 * attack pages — subresources, a frame and fetches toward the canary on loopback, private and
 * metadata addresses, and a redirect to it — and the canary hears nothing: the connector's answers
 * are page bytes, and every request to an origin it did not declare meets the guard as before.
 * Another workspace naming the declared origin is refused without the connector hearing of it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { sleep, startWorld, type World } from "../support/world";

const DECLARED = "http://intranet.corp:8080";
let world: World;
let P: number;
let server: http.Server;
let hostile: WebSocket;
let owner: TestAccount;
const asked: string[] = [];

function attackPage(): string {
  const targets = [`127.0.0.1:${P}`, `10.0.0.1:${P}`, `169.254.169.254:${P}`, `[fd00::1]:${P}`, `localhost:${P}`];
  const tags = targets.map((t) => `<img src="http://${t}/img"><link rel="stylesheet" href="http://${t}/css">`).join("");
  const fetches = targets.map((t) => `fetch("http://${t}/fetch").catch(() => {})`).join(";");
  return `<!doctype html><h1>intranet</h1>${tags}<iframe src="http://127.0.0.1:${P}/frame"></iframe><script>${fetches};setTimeout(()=>{window.__done=true},300)</script>`;
}

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
});
testEnvironment(() => ({ database: "embedded", extra: { BROWSER_CONCURRENCY: "2" } }));
beforeAll(async () => {
  owner = await createTestAccount({ plan: "business" });
  const { createConnector } = await import("@/lib/keys/connectors");
  const { token } = await createConnector(owner.userId, "hostile");
  const { installConnectorEndpoint } = await import("@/lib/connectors/endpoint");
  installConnectorEndpoint();
  const { publishedUpgradeHandler } = await import("@/lib/sessions/upgrade-hook");
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    if (!publishedUpgradeHandler()?.(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hostile = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/connector`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await new Promise((r) => hostile.once("open", r));
  hostile.send(JSON.stringify({ type: "hello", version: "hostile", origins: [DECLARED] }));
  hostile.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; id: number; url: string };
    if (frame.type !== "request") return;
    asked.push(frame.url);
    const path = new URL(frame.url).pathname;
    const answer =
      path === "/jump"
        ? { status: 302, headers: { location: `http://127.0.0.1:${P}/jumped` }, body: "" }
        : {
            status: 200,
            headers: { "content-type": "text/html" },
            body: Buffer.from(attackPage()).toString("base64"),
          };
    hostile.send(JSON.stringify({ type: "response", id: frame.id, ...answer }));
  });
  await sleep(300);
});
afterAll(async () => {
  hostile?.close();
  const { stopConnectors } = await import("@/lib/connectors/endpoint");
  await stopConnectors();
  server?.close();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await world?.close();
});
beforeEach(() => world.canary.reset());

async function content(account: TestAccount, url: string): Promise<Response> {
  const { GET } = await import("@/app/v1/content/route");
  const query = new URLSearchParams({ url, formats: "markdown", fresh: "true" });
  return GET(apiRequest(`/v1/content?${query}`, { apiKey: account.apiKey }));
}

describe("a hostile connector in a loopback-only namespace", () => {
  it("the control: the canary hears a plain request from this namespace", async () => {
    await new Promise<void>((resolve) => http.get(`http://127.0.0.1:${P}/control`, (res) => (res.resume(), resolve())));
    expect(world.canary.events.length).toBeGreaterThan(0);
  });

  it("its attack page renders, and nothing it names reaches the canary", async () => {
    const response = await content(owner, `${DECLARED}/`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { markdown: string }).markdown).toContain("intranet");
    await sleep(500);
    expect(world.canary.events).toEqual([]);
    // Only its declared origin was ever asked of it.
    expect(asked.every((u) => u.startsWith(`${DECLARED}/`))).toBe(true);
  });

  it("its redirect toward the canary is refused as any redirect to a private address", async () => {
    const response = await content(owner, `${DECLARED}/jump`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("private_address");
    expect(world.canary.events).toEqual([]);
  });

  it("another workspace naming the declared origin is refused, and the connector never hears of it", async () => {
    const stranger = await createTestAccount({ plan: "business" });
    const before = asked.length;
    const response = await content(stranger, `${DECLARED}/`);
    expect(response.status).toBe(400);
    expect(["private_address", "target_unreachable"]).toContain((await problemOf(response)).code);
    expect(asked.length).toBe(before);
    expect(world.canary.events).toEqual([]);
  });
});
