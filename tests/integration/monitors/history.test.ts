/**
 * Issue 51.1 (D27): a monitor's history keeps its images. A page changes between runs; every run's
 * capture, diff image and baseline ("before") are files of their own that no later capture
 * replaces — not the next run of the same monitor, not another monitor's runs of the same URL with
 * the same options (whose cache entry is the one the captures go through), not a screenshot of it.
 * Checked byte for byte after all of that, and by what the pixels show: a run's "after" has the
 * box in the colour the page had at that run, its "before" the colour of the run it compared with.
 * A delivered monitor.changed webhook's links still serve what was compared. With no EMAIL_SERVER on
 * a localhost APP_URL (the embedded default), the alert e-mails land in the local inbox (51.5).
 */
import sharp from "sharp";
import { expect, it } from "vitest";
import { apiRequest } from "@/tests/support/api";
import { eventually } from "@/tests/support/webhook-receiver";
import {
  createMonitor,
  expectStatus,
  fileBytes,
  type MonitorBody,
  monitorWorld,
  runNow,
  type RunBody,
  waitForRun,
} from "./support";

const world = monitorWorld();

const CAPTURE = { width: 400, height: 300 };

async function run(monitorId: string): Promise<RunBody> {
  const accepted = (await expectStatus(await runNow(world.account, monitorId), 202)) as RunBody;
  const ended = await waitForRun(world.account, monitorId, accepted.id);
  expect(ended.status, JSON.stringify(ended.error)).toBe("succeeded");
  return ended;
}

async function watch(url: string, alerting: boolean): Promise<{ id: string; first: RunBody }> {
  const alerts = alerting ? { webhookUrl: `${world.receiver.origin}/hooks`, email: world.account.email } : {};
  const body = { url, ...CAPTURE, ...alerts };
  const created = (await expectStatus(await createMonitor(world.account, body), 201)) as MonitorBody;
  const first = await waitForRun(world.account, created.id, created.firstRun!.id);
  expect(first.status, JSON.stringify(first.error)).toBe("succeeded");
  return { id: created.id, first };
}

/** The colour of the pixel at the middle of the page's box (100,120 200×50), as #rrggbb. */
async function boxColour(png: Buffer): Promise<string> {
  const { data } = await sharp(png).extract({ left: 200, top: 145, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** Every image URL a run shows, with its bytes now. */
async function imagesOf(run: RunBody): Promise<Map<string, Buffer>> {
  const urls = [run.result!.imageUrl, run.result!.baselineImageUrl, run.result!.diffImageUrl].filter((u): u is string =>
    Boolean(u),
  );
  const out = new Map<string, Buffer>();
  for (const url of urls) {
    const bytes = await fileBytes(url);
    expect(bytes, url).not.toBeNull();
    out.set(url, bytes!);
  }
  return out;
}

it("keeps every run's capture, diff image and baseline as they were, whatever captures the page later", async () => {
  const page = world.pages.state("history");
  const colours = ["#2563eb", "#dc2626", "#16a34a"];
  page.box.color = colours[0];
  const watched = await watch(world.pages.url("history"), true);
  const runs = [watched.first];
  page.box.color = colours[1];
  runs.push(await run(watched.id));
  page.box.color = colours[2];
  runs.push(await run(watched.id));
  expect(runs.map((r) => r.result!.changed)).toEqual([false, true, true]);

  // What each run shows, read as soon as it ended.
  const seen = new Map<string, Buffer>();
  for (const r of runs) for (const [url, bytes] of await imagesOf(r)) seen.set(url, bytes);
  // Each run's capture is its own file showing the page as it was then; its "before" is the
  // capture of the run it compared with, byte for byte.
  const captures = runs.map((r) => r.result!.imageUrl);
  expect(new Set(captures).size).toBe(3);
  expect(runs[1].result!.diffImageUrl).not.toBe(runs[2].result!.diffImageUrl);
  for (const [i, url] of captures.entries()) expect(await boxColour(seen.get(url)!), url).toBe(colours[i]);
  for (const i of [1, 2]) {
    expect(runs[i].result!.baselineImageUrl).toBe(captures[i - 1]);
    expect(await boxColour(seen.get(runs[i].result!.baselineImageUrl!)!)).toBe(colours[i - 1]);
  }

  // Later captures of the same URL with the same options: another monitor's runs, a fresh screenshot.
  page.box.color = "#9333ea";
  const other = await watch(world.pages.url("history"), false);
  page.box.color = "#f59e0b";
  await run(other.id);
  const { GET } = await import("@/app/v1/screenshot/route");
  const screenshot = await GET(
    apiRequest(`/v1/screenshot?url=${encodeURIComponent(world.pages.url("history"))}&width=400&height=300&fresh=true`, {
      apiKey: world.account.apiKey,
    }),
  );
  expect(screenshot.status).toBe(200);

  for (const [url, bytes] of seen) expect((await fileBytes(url))!.equals(bytes), url).toBe(true);

  // The webhooks of the two changes: their links serve what was compared, "after" in the colour of
  // their run and "before" in the colour of the one before.
  await eventually(() => world.receiver.received.length >= 2, "the monitor.changed webhooks");
  for (const hook of world.receiver.received) {
    const { data } = JSON.parse(hook.body) as { data: RunBody };
    const i = runs.findIndex((r) => r.id === data.id);
    expect(i).toBeGreaterThan(0);
    expect(data.result).toMatchObject({
      imageUrl: captures[i],
      baselineImageUrl: captures[i - 1],
      diffImageUrl: runs[i].result!.diffImageUrl,
    });
    expect(await boxColour((await fileBytes(data.result!.imageUrl))!)).toBe(colours[i]);
    expect(await boxColour((await fileBytes(data.result!.baselineImageUrl!))!)).toBe(colours[i - 1]);
    expect((await fileBytes(data.result!.diffImageUrl!))!.equals(seen.get(runs[i].result!.diffImageUrl!)!)).toBe(true);
  }
});

it("sends alert e-mails to the local inbox when no mail server is configured on a localhost APP_URL", async () => {
  const { env } = await import("@/lib/env");
  expect([env().EMAIL_SERVER, env().devInboxEnabled]).toEqual([undefined, true]);
  const { listDevInbox } = await import("@/lib/auth/dev-inbox");
  // The two changes of the test above, each one message with the run's diff image and the monitor's page.
  await eventually(async () => (await listDevInbox()).length >= 2, "the alerts in the local inbox");
  const inbox = (await listDevInbox()).filter((m) => m.to === world.account.email);
  expect(inbox).toHaveLength(2);
  for (const message of inbox) {
    expect(message.subject).toMatch(/^Glance: .*history changed \(/);
    expect(message.linkText).toBe("Open the monitor");
    expect(message.url).toMatch(/\/dashboard\/monitors\/mon_[a-z0-9]{24}$/);
    const diff = /What changed \(highlighted\): (\S+)/.exec(message.text)?.[1];
    expect(await fileBytes(diff!)).not.toBeNull();
  }
});
