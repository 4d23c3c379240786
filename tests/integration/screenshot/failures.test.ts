/**
 * How captures fail (D9, D10): clean 400s for bad targets before any browser work, 504 within
 * the caller's timeout for a page that never finishes, 502 when Chromium dies mid-render and a
 * fresh browser for the next request. Every address named here is loopback (refused all the same,
 * off ALLOW_PRIVATE_ORIGINS); private ranges and the metadata address are exercised through the
 * same endpoint in the loopback-only network namespace (tests/integration/net/isolated/endpoint.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { apiRequest, problemOf, rendersOf } from "@/tests/support/api";
import { decode, expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness();

describe("targets (D9)", () => {
  it.each([
    ["http://127.0.0.2/", "private_address"],
    ["http://[::ffff:7f00:1]/latest/meta-data/", "private_address"],
    ["http://[::1]:8080/", "private_address"],
    ["http://localhost/", "private_address"],
    ["ftp://example.com/file", "unsupported_url"],
    ["not a url", "unsupported_url"],
  ])("%s is a 400 %s", async (url, code) => {
    const problem = await problemOf(await h.shoot({ url }));
    expect(problem).toMatchObject({ status: 400, code, param: "url" });
  });

  it("a refused target costs no render of the monthly quota", async () => {
    const account = await h.accountOn("pro");
    expect((await h.shoot({ url: "http://127.0.0.2/" }, { account })).status).toBe(400);
    const { getPool } = await import("@/lib/db/pool");
    const { rows } = await (
      await getPool()
    ).query<{ n: number }>("SELECT COALESCE(SUM(renders), 0)::int AS n FROM monthly_usage WHERE user_id = $1", [
      account.userId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("a loopback origin that is not on ALLOW_PRIVATE_ORIGINS is refused", async () => {
    const other = h.fx.origin.replace("127.0.0.1", "127.0.0.2");
    const problem = await problemOf(await h.shoot({ url: `${other}/basic.html` }));
    expect(problem).toMatchObject({ status: 400, code: "private_address" });
  });

  it("an allowed origin that nothing listens on is 400 target_unreachable", async () => {
    const { startFixtureServer } = await import("@/tests/support/fixture-server");
    const gone = await startFixtureServer();
    await gone.close(); // its port is now closed
    const { reloadEnv } = await import("@/lib/env");
    process.env.ALLOW_PRIVATE_ORIGINS = `${h.fx.origin},${gone.origin}`;
    reloadEnv();
    try {
      const problem = await problemOf(await h.shoot({ url: `${gone.origin}/basic.html` }));
      expect(problem).toMatchObject({ status: 400, code: "target_unreachable", param: "url" });
    } finally {
      process.env.ALLOW_PRIVATE_ORIGINS = h.fx.origin;
      reloadEnv();
    }
  });

  it("clip with no area is a 400", async () => {
    const problem = await problemOf(await h.shoot({ url: "basic.html", clip: "0,0,0,10" }));
    expect(problem).toMatchObject({ status: 400, code: "parameter_out_of_range", param: "clip" });
  });
});

describe("time and crashes (D10)", () => {
  it("a page that never finishes loading is a 504 at its timeout, not when the page gives up", async () => {
    const started = Date.now();
    const res = await h.shoot({ url: "never-loads.html", timeout: 2500 });
    const elapsed = Date.now() - started;
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 504, code: "render_timeout" });
    // The advice quotes the schema's maximum for timeout.
    expect(problem.detail).toContain("Raise `timeout` (up to 60000 ms) or retry");
    expect(elapsed).toBeGreaterThanOrEqual(2400);
    // The page never loads, so only the deadline can end it; the slack is for a loaded machine.
    expect(elapsed).toBeLessThan(2500 + 5_000);
  });

  it("`timeout` counts from the request's arrival, so time spent before the render (here a slow key lookup) is part of it", async () => {
    const { apiRoute } = await import("@/lib/api/pipeline");
    const { authenticateApiKey } = await import("@/lib/api/auth");
    const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
    const { handleScreenshot } = await import("@/lib/screenshot/handler");
    const slowLookup = apiRoute(screenshotEndpoint, handleScreenshot, {
      authenticate: async (request, url) => {
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        return authenticateApiKey(request, url);
      },
    });
    const query = new URLSearchParams({ url: h.fx.url("basic.html?arrival"), timeout: "1000" });
    const res = await slowLookup(apiRequest(`/v1/screenshot?${query}`, { apiKey: h.account.apiKey }));
    expect(await problemOf(res)).toMatchObject({ status: 504, code: "render_timeout" });
    // The same request with time left renders.
    query.set("timeout", "20000");
    expect((await slowLookup(apiRequest(`/v1/screenshot?${query}`, { apiKey: h.account.apiKey }))).status).toBe(200);
  });

  it("a render that fails gives its render of the monthly quota back; a delivered one keeps it", async () => {
    const account = await h.accountOn("pro");
    const renders = () => rendersOf(account);
    const timedOut = await h.shoot({ url: "never-loads.html?refund", timeout: 1500 }, { account });
    expect((await problemOf(timedOut)).code).toBe("render_timeout");
    // The render is stopped a grace period after its caller left; its charge goes back then.
    await expect.poll(renders, { timeout: 15_000, interval: 200 }).toBe(0);
    expect((await h.shoot({ url: "basic.html?refund" }, { account })).status).toBe(200);
    expect(await renders()).toBe(1);
  });

  it("Chromium killed mid-render is a 502, and the next request gets a fresh browser", async () => {
    const { browserSource, Deadline } = await import("@/lib/browser");
    // Warm the browser, then kill it while it renders a page that would take 2 s.
    expect((await h.shoot({ url: "basic.html?warm" })).status).toBe(200);
    const browser = await browserSource().acquire(new Deadline(10_000));
    const pid = browser.process()?.pid;
    expect(pid).toBeTypeOf("number");
    const pending = h.shoot({ url: "color-change.html?crash", delay: 2000 });
    await new Promise((r) => setTimeout(r, 800));
    process.kill(pid!, "SIGKILL");
    const problem = await problemOf(await pending);
    expect(problem).toMatchObject({ status: 502, code: "renderer_unavailable" });
    expect(JSON.stringify(problem)).not.toMatch(/Target closed|Protocol error|at .*\.ts/);

    const next = await decode(
      await expectOk(await h.shoot({ url: "basic.html?after-crash", width: 300, height: 200 })),
    );
    expect([next.width, next.height]).toEqual([300, 200]);
    const fresh = await browserSource().acquire(new Deadline(10_000));
    expect(fresh.process()?.pid).not.toBe(pid);
  });

  it("/readyz fails from the moment no browser can render and recovers with the browser (D17)", async () => {
    const { browserSource, Deadline } = await import("@/lib/browser");
    const { reloadEnv } = await import("@/lib/env");
    const { GET } = await import("@/app/readyz/route");
    const readyz = async () => {
      const response = await GET(new Request("http://localhost/readyz"));
      return {
        status: response.status,
        checks: ((await response.json()) as { checks: Record<string, string> }).checks,
      };
    };
    expect((await h.shoot({ url: "basic.html?ready-warm" })).status).toBe(200);
    expect(await readyz()).toMatchObject({ status: 200, checks: { browser: "ok" } });

    // Kill the browser and take away what would relaunch it: readiness must not coast on the
    // renders that just succeeded.
    const previous = process.env.CHROME_PATH;
    process.env.CHROME_PATH = "/nonexistent/chromium";
    reloadEnv();
    try {
      const browser = await browserSource().acquire(new Deadline(10_000));
      process.kill(browser.process()!.pid!, "SIGKILL");
      await expect.poll(() => browser.connected, { timeout: 10_000 }).toBe(false);
      expect(await readyz()).toMatchObject({ status: 503, checks: { browser: "unavailable" } });
      expect((await problemOf(await h.shoot({ url: "basic.html?ready-dead" }))).status).toBe(502);
    } finally {
      if (previous === undefined) delete process.env.CHROME_PATH;
      else process.env.CHROME_PATH = previous;
      reloadEnv();
    }
    // The browser can be launched again: ready again, and captures work.
    await expect.poll(async () => (await readyz()).status, { timeout: 60_000, interval: 1_000 }).toBe(200);
    expect((await h.shoot({ url: "basic.html?ready-again" })).status).toBe(200);
  }, 120_000);
});
