/**
 * Any instance, any browser (D16), on loopback: two remote Chromiums started with a launch proxy
 * pointing at a second app instance's guard (the shared-proxy set-up of issue 13, F2). Each
 * instance renders through its own guard, so when the second instance dies the first keeps
 * rendering on both browsers; a render whose browser is killed mid-render is retried on the other
 * one, or is a 502 when none is left; /readyz says whether a browser can render, not only connect.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { type AppInstance, startInstance } from "@/tests/support/instance";
import { freePort, type RemoteBrowser, startPlainChromium, stopChild } from "@/tests/support/remote-browsers";
import { decode, expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const agentOf = (name: string) => `GlanceFleet-${name}/1.0`;

const browsers: Record<string, RemoteBrowser> = {};
let second: AppInstance;
let secondGuardPort: number;
let endpoints: string;

function agentsFor(marker: string): string[] {
  return h.fx.hits.filter((hit) => hit.url.includes(marker)).map((hit) => hit.userAgent);
}

beforeAll(async () => {
  secondGuardPort = await freePort();
  // The browsers' launch proxy is the second instance's guard: without a per-context proxy, every
  // instance's renders would depend on that one instance.
  const launchProxy = [`--proxy-server=http://127.0.0.1:${secondGuardPort}`, "--proxy-bypass-list=<-loopback>"];
  for (const name of ["a", "b"])
    browsers[name] = await startPlainChromium(await freePort(), [`--user-agent=${agentOf(name)}`, ...launchProxy]);
  endpoints = `${browsers.a.endpoint},${browsers.b.endpoint}`;
}, 120_000);
// Registered before the harness, so the browsers stop after it, as before.
afterAll(async () => {
  for (const browser of Object.values(browsers)) await browser.stop();
});
const h = screenshotHarness(() => ({ env: { extra: { BROWSER_WS_ENDPOINT: endpoints } } }));
beforeAll(async () => {
  second = await startInstance({
    BROWSER_WS_ENDPOINT: endpoints,
    NET_GUARD_PORT: String(secondGuardPort),
    ALLOW_PRIVATE_ORIGINS: h.fx.origin,
  });
}, 120_000);
afterAll(async () => {
  if (second) await stopChild(second.child);
});

describe("several instances on shared browsers", () => {
  it("the second instance renders on both browsers through its own guard", async () => {
    // One at a time: round-robin then alternates the browsers, and admission control (D17) has
    // no reason to refuse anything.
    const results = [];
    for (const i of [1, 2, 3, 4]) results.push(await second.render(h.fx.url(`slow.html?ms=50&second=${i}`)));
    expect(results.map((r) => (r.ok ? "ok" : r.error))).toEqual(["ok", "ok", "ok", "ok"]);
    expect(new Set(agentsFor("second="))).toEqual(new Set([agentOf("a"), agentOf("b")]));
  });

  it("stopping the second instance leaves the first rendering on every browser", async () => {
    await stopChild(second.child);
    // Two at a time, within one account's share of the slots (D17).
    for (const pair of [
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]) {
      const responses = await Promise.all(
        pair.map((i) => h.shoot({ url: `slow.html?ms=50&first=${i}`, width: 320, height: 200, timeout: 60_000 })),
      );
      for (const response of responses) expect((await decode(await expectOk(response))).width).toBe(320);
    }
    expect(new Set(agentsFor("first="))).toEqual(new Set([agentOf("a"), agentOf("b")]));
    const { checkReadiness } = await import("@/lib/readiness");
    expect((await checkReadiness()).checks.browser).toBe("ok");
  });
});

describe("a browser that dies mid-render", () => {
  async function killWhenLoading(marker: string): Promise<string> {
    for (;;) {
      const agent = agentsFor(marker)[0];
      if (agent) {
        const name = agent === agentOf("a") ? "a" : "b";
        await browsers[name].stop(); // SIGKILL, then its profile removed
        return name;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it("is retried once on the other endpoint within the deadline", async () => {
    const rendering = h.shoot({ url: "slow.html?ms=1500&retry=1", width: 300, height: 200, timeout: 30_000 });
    const killed = await killWhenLoading("retry=1");
    const image = await decode(await expectOk(await rendering));
    expect(image.width).toBe(300);
    const survivor = killed === "a" ? "b" : "a";
    expect(agentsFor("retry=1")).toEqual([agentOf(killed), agentOf(survivor)]);
    browsers[killed] = await startPlainChromium(browsers[killed].port, [`--user-agent=${agentOf(killed)}`]);
  });

  it("is a 502 when no other endpoint is left", async () => {
    await h.restartBrowsers({ BROWSER_WS_ENDPOINT: browsers.a.endpoint });
    const rendering = h.shoot({ url: "slow.html?ms=1500&alone=1", timeout: 30_000 });
    await killWhenLoading("alone=1");
    const problem = await problemOf(await rendering);
    expect(problem).toMatchObject({ status: 502, code: "renderer_unavailable" });
    expect(agentsFor("alone=1")).toHaveLength(1);
  });
});

describe("/readyz", () => {
  it("reports a remote browser that connects but cannot render (its contexts cannot reach the guard)", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    await h.restartBrowsers({ BROWSER_WS_ENDPOINT: browsers.b.endpoint, NET_GUARD_URL: dead });
    const { checkReadiness } = await import("@/lib/readiness");
    const report = await checkReadiness();
    expect(report.checks.browser).toBe("unavailable");
    expect(report.status).toBe("unavailable");
  });
});
