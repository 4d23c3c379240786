/**
 * The TypeScript SDK (sdks/typescript, D29) against the real API over HTTP (./harness.ts): renders
 * through its client, problem+json answers thrown as GlanceError with their code, and a real 503
 * renderer_busy retried after its Retry-After. Signed URLs and webhooks are in
 * typescript-signing.test.ts, the docs' snippets and the SDK's examples in
 * typescript-examples.test.ts.
 */
import puppeteer from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { Glance } from "@/sdks/typescript/src/index";
import { eventually } from "@/tests/support/webhook-receiver";
import { pngSize, sdkServer } from "./harness";
import { sdkClient, thrown } from "./typescript-client";

const s = sdkServer();
const c = sdkClient(s);

describe("client", () => {
  it("screenshot: the PNG at the size asked for, then the same from the cache", async () => {
    const options = { url: s.fx.url("basic.html?sdk-ts"), width: 640, height: 400 };
    const first = await c.glance.screenshot(options);
    expect(first.contentType).toBe("image/png");
    expect(pngSize(first.data)).toEqual({ width: 640, height: 400 });
    expect(first.cache).toBe("MISS");
    expect(first.requestId).toBeTruthy();
    const again = await c.glance.screenshot(options);
    expect(again.cache).toBe("HIT");

    const meta = await c.glance.screenshotMetadata(options);
    expect(meta).toMatchObject({ width: 640, height: 400, format: "png" });
    const file = await c.glance.download(meta.imageUrl);
    expect(pngSize(file.data)).toEqual({ width: 640, height: 400 });
  });

  it("og: a template with its variables, as an image and as metadata", async () => {
    const image = await c.glance.og({ template: "default", variables: { title: "Hello from the SDK" } });
    expect(image.contentType).toBe("image/png");
    expect(pngSize(image.data)).toEqual({ width: 1200, height: 630 });
    const meta = await c.glance.ogMetadata({ template: "default", variables: { title: "Hello from the SDK" } });
    expect(meta).toMatchObject({ template: "default", width: 1200, height: 630 });
    expect((await c.glance.ogTemplates()).templates.map((t) => t.name)).toContain("blog-post");
  });

  it("content: a page as Markdown", async () => {
    const result = await c.glance.content({ url: s.fx.url("content-article.html"), formats: ["markdown", "metadata"] });
    expect(result.markdown).toMatch(/^# /m);
    expect(result.metadata).toBeTruthy();
  });

  it("jobs: create, wait and the result file; usage counts the renders", async () => {
    const job = await c.glance.jobs.create({
      endpoint: "screenshot",
      params: { url: s.fx.url("basic.html?sdk-ts-job"), width: 320, height: 240 },
    });
    expect(job.status).toBe("queued");
    const done = await c.glance.jobs.wait(job.id, { intervalMs: 200 });
    expect(done.status).toBe("succeeded");
    expect(pngSize((await c.glance.download(done.resultUrl!)).data)).toEqual({ width: 320, height: 240 });
    expect((await c.glance.usage()).renders.used).toBeGreaterThanOrEqual(1);
    expect((await c.glance.connectors()).connectors).toEqual([]);
  });

  it("animate, diff and a batch of jobs", async () => {
    const gif = await c.glance.animate({
      url: s.fx.url("basic.html?sdk-gif"),
      format: "gif",
      duration: 2000,
      fps: 5,
      width: 320,
      height: 240,
    });
    expect(gif.contentType).toBe("image/gif");
    expect(new TextDecoder().decode(gif.data.subarray(0, 4))).toBe("GIF8");

    const same = await c.glance.diff({
      url: s.fx.url("basic.html?sdk-a"),
      compareUrl: s.fx.url("basic.html?sdk-b"),
      width: 320,
      height: 240,
    });
    expect(same).toMatchObject({ width: 320, height: 240, changedPixels: 0, boxes: [] });

    const batch = await c.glance.jobs.createBatch({
      jobs: [1, 2].map((n) => ({ endpoint: "og" as const, params: { template: "default", title: `Batch ${n}` } })),
    });
    expect(batch.size).toBe(2);
    await eventually(async () => (await c.glance.jobs.getBatch(batch.id)).status === "finished", "the batch's end");
    expect((await c.glance.jobs.getBatch(batch.id)).counts).toMatchObject({ succeeded: 2, failed: 0 });
  });

  it("monitors: create, list, update, delete; a deleted one is a 404", async () => {
    const monitor = await c.glance.monitors.create({
      url: s.fx.url("basic.html?sdk-monitor"),
      interval: 3600,
      paused: true,
    });
    expect((await c.glance.monitors.list()).map((m) => m.id)).toContain(monitor.id);
    expect((await c.glance.monitors.update(monitor.id, { name: "SDK watch" })).name).toBe("SDK watch");
    await c.glance.monitors.delete(monitor.id);
    const error = await thrown(c.glance.monitors.get(monitor.id));
    expect([error.status, error.code]).toEqual([404, "monitor_not_found"]);
  });

  it("map and crawls: a site's URLs, then a crawl read to its end; an unknown crawl is a 404", async () => {
    const { urls } = await c.glance.map({ url: s.fx.url("content-article.html"), sitemap: "skip" });
    expect(urls.map((url) => new URL(url).pathname)).toEqual(expect.arrayContaining(["/topics", "/about"]));
    const started = await c.glance.crawls.start({
      url: s.fx.url("content-article.html?sdk-crawl"),
      depth: 0,
      sitemap: "skip",
    });
    await eventually(async () => (await c.glance.crawls.get(started.id)).status === "completed", "the crawl's end");
    const pages = await c.glance.crawls.pages(started.id);
    expect(pages.map((page) => page.status)).toEqual(["completed"]);
    expect(pages[0].markdown?.length).toBeGreaterThan(100);
    const error = await thrown(c.glance.crawls.get("crawl_000000000000000000000000"));
    expect([error.status, error.code]).toEqual([404, "crawl_not_found"]);
  });

  it("sessions: puppeteer drives a page through the connect URL; listed, read and ended through the client", async () => {
    const url = await c.glance.sessions.connectUrl();
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/browser\?session=bs_[\w-]+&token=/);
    const id = new URL(url).searchParams.get("session")!;
    const browser = await puppeteer.connect({ browserWSEndpoint: url });
    const page = await browser.newPage();
    await page.goto(s.fx.url("basic.html?sdk-session"));
    expect(await page.evaluate(() => document.title)).toBeTruthy();
    expect(await c.glance.sessions.get(id)).toMatchObject({ id, status: "live" });
    expect((await c.glance.sessions.list()).map((one) => one.id)).toContain(id);
    const closed = new Promise((resolve) => browser.once("disconnected", resolve));
    await c.glance.sessions.delete(id);
    await closed;
    await expect.poll(() => c.glance.sessions.get(id)).toMatchObject({ status: "ended", endReason: "deleted" });
    const waiting = await c.glance.sessions.create();
    expect(waiting).toMatchObject({ status: "waiting", startedAt: null });
    expect(Date.parse(waiting.expiresAt)).toBeGreaterThan(Date.now());
    const error = await thrown(c.glance.sessions.get("bs_0000000000000000"));
    expect([error.status, error.code]).toEqual([404, "session_not_found"]);
  });
});

describe("errors", () => {
  it("a problem+json answer is a GlanceError with its status, code, detail and request id", async () => {
    const badKey = await thrown(
      new Glance({ apiKey: `sk_live_${"x".repeat(32)}`, baseUrl: s.origin }).screenshot({
        url: s.fx.url("basic.html"),
      }),
    );
    expect([badKey.status, badKey.code, badKey.detail]).toEqual([
      401,
      "invalid_api_key",
      "Invalid or revoked API key.",
    ]);
    expect(badKey.requestId).toBeTruthy();
    expect(badKey.type).toBe(`${s.origin}/docs/errors#invalid_api_key`);

    const range = await thrown(c.glance.screenshot({ url: s.fx.url("basic.html"), width: 99_999 }));
    expect([range.status, range.code]).toEqual([400, "parameter_out_of_range"]);
    expect(range.detail).toMatch(/width/);

    const plan = await thrown(
      new Glance({ apiKey: s.free.apiKey, baseUrl: s.origin }).og({ template: "default", variables: { title: "x" } }),
    );
    expect([plan.status, plan.code]).toEqual([403, "plan_upgrade_required"]);
  });

  it("a 503 renderer_busy is retried after its Retry-After; with no retries left it is thrown", async () => {
    const statuses: number[] = [];
    const observed: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    // The one renderer slot, held by a page whose server answers after 5 s.
    const busy = c.glance.screenshot({ url: s.fx.url("slow.html?ms=5000&sdk-busy"), width: 320, height: 240 });
    await eventually(() => s.fx.hitsFor("/slow.html") > 0, "the slow page requested");
    const quick = { url: s.fx.url("basic.html?sdk-retry"), width: 300, height: 200, timeout: 4000 };

    const refused = await thrown(
      new Glance({ apiKey: s.account.apiKey, baseUrl: s.origin, maxRetries: 0 }).screenshot(quick),
    );
    expect([refused.status, refused.code]).toEqual([503, "renderer_busy"]);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);

    const patient = new Glance({ apiKey: s.account.apiKey, baseUrl: s.origin, maxRetries: 8, fetch: observed });
    const shot = await patient.screenshot(quick);
    expect(pngSize(shot.data)).toEqual({ width: 300, height: 200 });
    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(200);
    await busy;
  });
});
