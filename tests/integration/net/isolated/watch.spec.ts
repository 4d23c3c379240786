/**
 * Comparisons and monitors under the target-safety boundary (D9, D27), in the loopback-only
 * namespace, through the real /v1/diff and /v1/monitors routes with the service's own browser,
 * guard proxy and page guard: a diff and a monitor's run of attack pages capture while the canary
 * hears nothing; a page or compareUrl that is the canary by any spelling, or that redirects to it,
 * is a 400 private_address; a monitor's webhook URL at the canary is refused when saved.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { startFixtureSite, type FixtureSite } from "../support/fixture-site";
import { sleep, startWorld, type World } from "../support/world";

let world: World;
let fixture: FixtureSite;
let account: TestAccount;
let P: number;

const AWAIT_DONE = "for (let i = 0; i < 80 && !window.__done; i++) await new Promise((r) => setTimeout(r, 50));";

beforeAll(async () => {
  world = await startWorld();
  P = world.canary.port;
  fixture = await startFixtureSite(P);
});

testEnvironment(() => ({
  database: "embedded",
  extra: { ALLOW_PRIVATE_ORIGINS: fixture.origin, BROWSER_CONCURRENCY: "2", MONITOR_POLL_MS: "200" },
}));

beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
  const { startMonitoring } = await import("@/lib/monitors/start");
  await startMonitoring();
});
afterAll(async () => {
  const { stopMonitoring } = await import("@/lib/monitors/start");
  await stopMonitoring();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await fixture?.close();
  await world?.close();
});
beforeEach(() => world.canary.reset());

async function diff(query: Record<string, string>): Promise<Response> {
  const { GET } = await import("@/app/v1/diff/route");
  const params = new URLSearchParams({ width: "400", height: "300", timeout: "15000", fresh: "true", ...query });
  return GET(apiRequest(`/v1/diff?${params}`, { apiKey: account.apiKey }));
}

async function createMonitor(body: Record<string, unknown>): Promise<Response> {
  const { POST } = await import("@/app/v1/monitors/route");
  return POST(
    new Request("http://localhost:3000/v1/monitors", {
      method: "POST",
      headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

describe("/v1/diff in a loopback-only namespace", () => {
  it.each(["img", "fetch", "iframe", "subresource-redirect"])(
    "%s attack pages on both sides: compared, the canary hears nothing",
    async (kind) => {
      const page = `${fixture.origin}/attack/${kind}`;
      const response = await diff({ url: page, compareUrl: page, customJS: AWAIT_DONE });
      expect(response.status, await response.clone().text()).toBe(200);
      await sleep(300);
      expect(world.canary.events).toEqual([]);
    },
  );

  it("refuses a compareUrl or url that is the canary, or redirects to it, with 400 private_address", async () => {
    const page = `${fixture.origin}/hello`;
    for (const [url, compareUrl] of [
      [page, `http://127.0.0.1:${P}/`],
      [page, `http://localhost:${P}/`],
      [`http://[::ffff:127.0.0.1]:${P}/`, page],
      [page, `${fixture.origin}/attack/redirect?n=1&to=${encodeURIComponent(`http://127.0.0.1:${P}/nav`)}`],
    ]) {
      const problem = await problemOf(await diff({ url, compareUrl }));
      expect(problem.code, `${url} vs ${compareUrl}`).toBe("private_address");
    }
    expect(world.canary.events).toEqual([]);
  });
});

describe("/v1/monitors in a loopback-only namespace", () => {
  it("refuses a page or a webhook URL at the canary when saved", async () => {
    for (const body of [
      { url: `http://localhost:${P}/` },
      { url: `http://169.254.169.254:${P}/latest/meta-data/` },
      { url: `${fixture.origin}/hello`, webhookUrl: `http://127.0.0.1:${P}/hook` },
      { url: `${fixture.origin}/hello`, webhookUrl: `http://metadata.google.internal:${P}/hook` },
    ]) {
      const problem = await problemOf(await createMonitor(body));
      expect(problem.code, JSON.stringify(body)).toBe("private_address");
    }
    expect(world.canary.events).toEqual([]);
  });

  it("runs a monitor of an attack page: its capture succeeds and the canary hears nothing", async () => {
    const created = await createMonitor({
      url: `${fixture.origin}/attack/fetch`,
      customJS: AWAIT_DONE,
      width: 400,
      height: 300,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, firstRun } = (await created.json()) as { id: string; firstRun: { id: string } };
    const { GET } = await import("@/app/v1/monitors/[id]/runs/route");
    for (;;) {
      const runs = (await (await GET(apiRequest(`/v1/monitors/${id}/runs`, { apiKey: account.apiKey }))).json()) as {
        runs: Array<{ id: string; status: string; error?: unknown }>;
      };
      const run = runs.runs.find((r) => r.id === firstRun.id)!;
      if (run.status === "succeeded" || run.status === "failed") {
        expect(run.status, JSON.stringify(run.error)).toBe("succeeded");
        break;
      }
      await sleep(200);
    }
    await sleep(300);
    expect(world.canary.events).toEqual([]);
  });
});
