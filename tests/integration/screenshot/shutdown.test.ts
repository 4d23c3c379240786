/**
 * Graceful shutdown (D16): an instance that gets SIGTERM finishes the render it is running,
 * refuses a new one with 503 shutting_down and Retry-After, and exits 0 once done. The instance is
 * its own process (tests/support/instance-child.ts) with the same signal handler the server
 * installs; /readyz's view of it is checked in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppInstance, startInstance } from "@/tests/support/instance";
import { stopChild } from "@/tests/support/remote-browsers";
import { problemOf } from "@/tests/support/api";
import { screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness();
let instance: AppInstance;

beforeAll(async () => {
  instance = await startInstance({ ALLOW_PRIVATE_ORIGINS: h.fx.origin });
}, 120_000);
afterAll(async () => {
  if (instance) await stopChild(instance.child);
});

describe("graceful shutdown", () => {
  it("on SIGTERM finishes the render in flight, refuses new ones with 503 + Retry-After, then exits 0", async () => {
    const inFlight = instance.render(h.fx.url("slow.html?ms=3000&drain=1"));
    while (!h.fx.hits.some((hit) => hit.url.includes("drain=1"))) await new Promise((r) => setTimeout(r, 25));
    instance.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    const refused = await instance.render(h.fx.url("slow.html?ms=50&drain=2"));
    expect(refused).toMatchObject({ ok: false, error: "shutting_down", retryAfter: "5" });
    expect(await inFlight).toMatchObject({ ok: true, text: "slow page" });
    expect(await instance.exited).toBe(0);
    expect(h.fx.hits.some((hit) => hit.url.includes("drain=2"))).toBe(false);
  });

  it("answers 503 shutting_down on the API and makes /readyz unavailable", async () => {
    const { stopTakingRenders } = await import("@/lib/browser");
    const { checkReadiness } = await import("@/lib/readiness");
    stopTakingRenders();
    const response = await h.shoot({ url: "basic.html?drain=3" });
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await problemOf(response)).toMatchObject({ status: 503, code: "shutting_down" });
    const report = await checkReadiness();
    expect(report.status).toBe("unavailable");
    expect(report.checks.instance).toBe("shutting_down");
  });
});
