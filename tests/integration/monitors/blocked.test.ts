/**
 * A monitor whose page turns into a bot challenge (D23, #47 point 3), through the real
 * /v1/monitors routes with this process's job workers, real Chromium and a webhook receiver: the
 * run fails with target_blocked (its recorded error names the kind), counts no render, never
 * raises monitor.changed and leaves the baseline as it was. The run's outcome comes from the
 * capture's own error (lib/page/blocked.ts); lib/monitors needs nothing of its own.
 */
import { describe, expect, it } from "vitest";
import { watchHttpObjects } from "@/tests/support/http-watch";
import {
  createMonitor,
  expectStatus,
  type MonitorBody,
  monitorWorld,
  runNow,
  type RunBody,
  waitForRun,
} from "./support";

const world = monitorWorld();

const hooksFor = (monitorId: string) =>
  world.receiver.received.filter(
    (r) => (JSON.parse(r.body) as { data?: { monitorId?: string } }).data?.monitorId === monitorId,
  );

async function renders(): Promise<number> {
  const { rendersThisMonth } = await import("@/lib/usage/quota");
  return rendersThisMonth(world.account.userId);
}

async function run(monitorId: string): Promise<RunBody> {
  const accepted = (await expectStatus(await runNow(world.account, monitorId), 202)) as RunBody;
  return waitForRun(world.account, monitorId, accepted.id);
}

describe("a monitor whose page turns into a bot challenge (D23, #47 point 3)", () => {
  it("records the run as failed with target_blocked, counts no render, never alerts, and keeps its baseline", async () => {
    const page = world.pages.state("challenged");
    const created = (await expectStatus(
      await createMonitor(world.account, {
        url: world.pages.url("challenged"),
        width: 400,
        height: 300,
        webhookUrl: `${world.receiver.origin}/hooks`,
      }),
      201,
    )) as MonitorBody;
    expect((await waitForRun(world.account, created.id, created.firstRun!.id)).status).toBe("succeeded");
    const before = await renders();

    page.challenge = true;
    const blocked = await run(created.id);
    expect(blocked.status).toBe("failed");
    expect(blocked.error).toMatchObject({ code: "target_blocked", kind: "challenge" });
    expect(await renders()).toBe(before);

    // The page comes back as it was: compared with the first baseline, no change, and no alert at any point.
    page.challenge = false;
    const back = await run(created.id);
    expect(back.result).toMatchObject({ changed: false, changedRatio: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooksFor(created.id)).toHaveLength(0);
  });
});

describe("a monitor's run (D35)", () => {
  it("captures through the result store and the render charge without building a Request for its page", async () => {
    const url = world.pages.url("no-http");
    const watch = watchHttpObjects((built) => built.startsWith(url));
    try {
      const before = await renders();
      const created = (await expectStatus(
        await createMonitor(world.account, { url, width: 400, height: 300 }),
        201,
      )) as MonitorBody;
      const first = await waitForRun(world.account, created.id, created.firstRun!.id);
      expect(first.status, JSON.stringify(first.error)).toBe("succeeded");
      expect(await renders()).toBe(before + 1);
    } finally {
      watch.restore();
    }
    expect(watch.built).toEqual([]);
  });
});
