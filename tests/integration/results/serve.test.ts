/**
 * serveResult on the embedded default (file store, no Redis): cache outcome, headers, JSON
 * metadata (D7), plan TTL, in-process single flight, deadlines and failures.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { cacheTtlSeconds } from "@/lib/plans";
import { FileResultStore } from "@/lib/results/file-store";
import type { RenderJob } from "@/lib/results/render-job";
import { createResultService, serveResult, type ResultService } from "@/lib/results/serve";
import { testEnvironment } from "@/tests/support/test-env";
import { outcomeResponse } from "@/lib/api/outcome-response";
import { countingRender, makeCtx, overHttp, pngOf, sleep } from "./helpers";

let service: ReturnType<typeof overHttp<ResultService>>;
let png: Buffer;

const testEnv = testEnvironment({ database: "embedded" });

beforeAll(async () => {
  service = overHttp(
    createResultService({
      store: new FileResultStore(path.join(testEnv.current.dataDir, "results")),
      redis: null,
      flight: { orphanGraceMs: 2_000 },
    }),
  );
  png = await pngOf("#22aa55");
});

let n = 0;
/** A job with unique key params, so tests never share cache entries by accident. */
function job(render: RenderJob["render"], overrides: Partial<RenderJob> = {}): RenderJob {
  const url = `https://example.com/${++n}`;
  return {
    endpoint: "screenshot",
    keyParams: { url, format: "png" },
    ext: "png",
    deadline: Date.now() + 10_000,
    render,
    describe: { url },
    ...overrides,
  };
}

/** Polls instead of sleeping a fixed time: the CI machine may be busy. */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition() && Date.now() < end) await sleep(10);
  expect(condition()).toBe(true);
}

const bodyOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("serveResult: binary answers", () => {
  it("renders on a MISS, then answers the same bytes from the store as a HIT", async () => {
    const { render, calls } = countingRender(png, 30);
    const j = job(render);
    const first = makeCtx({});
    const miss = await service.serve(first.ctx, j);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("x-cache")).toBe("MISS");
    expect(miss.headers.get("content-type")).toBe("image/png");
    expect(miss.headers.get("content-length")).toBe(String(png.length));
    expect(miss.headers.get("x-image-size")).toBe(String(png.length));
    expect(miss.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const renderTime = Number(miss.headers.get("x-render-time"));
    expect(renderTime).toBeGreaterThanOrEqual(25);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(miss.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(cacheTtlSeconds("free") - 5);
    expect(maxAge).toBeLessThanOrEqual(cacheTtlSeconds("free"));
    expect(Buffer.compare(await bodyOf(miss), png)).toBe(0);
    // The request log keeps the result's URL (D33).
    expect(first.ctx.usage).toEqual({
      cache: "MISS",
      renderMs: renderTime,
      resultUrl: expect.stringMatching(/^http:\/\/localhost:3000\/v1\/files\/[0-9a-f]{64}\.png$/),
    });
    expect(first.consumed()).toBe(1);

    const second = makeCtx({});
    const hit = await service.serve(second.ctx, { ...j, render: () => Promise.reject(new Error("must not render")) });
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("x-render-time")).toBe(String(renderTime)); // the original render's time
    expect(hit.headers.get("etag")).toBe(miss.headers.get("etag"));
    expect(Buffer.compare(await bodyOf(hit), png)).toBe(0);
    expect(second.ctx.usage.cache).toBe("HIT");
    expect(second.consumed()).toBe(0); // hits are free (D4)
    expect(calls.count).toBe(1);
  });

  it("renders once for 50 identical concurrent requests, charging one render", async () => {
    const { render, calls } = countingRender(png, 100);
    const j = job(render);
    const ctxs = Array.from({ length: 50 }, () => makeCtx({}));
    const responses = await Promise.all(ctxs.map((c) => service.serve(c.ctx, j)));
    expect(calls.count).toBe(1);
    expect(ctxs.reduce((sum, c) => sum + c.consumed(), 0)).toBe(1);
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBe("MISS"); // waited for a fresh render: not a HIT
      expect(Buffer.compare(await bodyOf(res), png)).toBe(0);
    }
    expect(service.flights.inFlight).toBe(0);
  });

  it("keeps accounts apart: the same request of another account renders again", async () => {
    const { render, calls } = countingRender(png);
    const j = job(render);
    await service.serve(makeCtx({ userId: "acct_a" }).ctx, j);
    const other = await service.serve(makeCtx({ userId: "acct_b" }).ctx, j);
    expect(other.headers.get("x-cache")).toBe("MISS");
    expect(calls.count).toBe(2);
  });
});

describe("serveResult: response=json", () => {
  it("returns the D7 metadata, cachedAt null on a MISS and the stored time on a HIT", async () => {
    const { render } = countingRender(png, 0, { width: 1280, height: 800 });
    const j = job(render);
    const before = Date.now();
    const miss = await service.serve(makeCtx({ params: { response: "json" } }).ctx, j);
    expect(miss.headers.get("content-type")).toMatch(/^application\/json/);
    expect(miss.headers.get("x-cache")).toBe("MISS");
    expect(miss.headers.get("x-image-size")).toBe(String(png.length));
    const body = await miss.json();
    expect(Object.keys(body)).toEqual([
      "url",
      "imageUrl",
      "width",
      "height",
      "format",
      "size",
      "cachedAt",
      "expiresAt",
      "renderTime",
    ]);
    expect(body).toMatchObject({
      url: j.describe.url,
      width: 1280,
      height: 800,
      format: "png",
      size: png.length,
      cachedAt: null,
    });
    expect(body.imageUrl).toMatch(/^http:\/\/localhost:3000\/v1\/files\/[0-9a-f]{64}\.png$/);
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + cacheTtlSeconds("free") * 1000);
    expect(miss.headers.get("x-render-time")).toBe(String(body.renderTime));

    const hit = await (await service.serve(makeCtx({ params: { response: "json" } }).ctx, j)).json();
    expect(hit.cachedAt).toBeGreaterThanOrEqual(before);
    expect(hit.cachedAt).toBeLessThanOrEqual(Date.now());
    expect(hit).toMatchObject({ imageUrl: body.imageUrl, expiresAt: body.expiresAt, renderTime: body.renderTime });
  });

  it("adds pages for a PDF and uses the caller's plan TTL", async () => {
    const pdf = Buffer.from("%PDF-1.7\n%%EOF\n");
    const { render } = countingRender(pdf, 0, { width: 816, height: 1056, pages: 3 });
    const res = await service.serve(
      makeCtx({ plan: "pro", params: { response: "json" } }).ctx,
      job(render, { ext: "pdf", describe: { url: "https://example.com/doc" } }),
    );
    const body = await res.json();
    expect(body).toMatchObject({ format: "pdf", pages: 3, width: 816, height: 1056, size: pdf.length });
    const ttl = body.expiresAt - Date.now();
    expect(ttl).toBeGreaterThan(cacheTtlSeconds("pro") * 1000 - 10_000);
    expect(ttl).toBeLessThanOrEqual(cacheTtlSeconds("pro") * 1000);
  });

  it("leads with the OG template field for OG jobs", async () => {
    const { render } = countingRender(png);
    const res = await service.serve(
      makeCtx({ plan: "pro", params: { response: "json" } }).ctx,
      job(render, { endpoint: "og", describe: { template: "blog-post" } }),
    );
    const body = await res.json();
    expect(Object.keys(body)[0]).toBe("template");
    expect(body.template).toBe("blog-post");
    expect(body).not.toHaveProperty("url");
  });
});

describe("serveResult: deadlines and failures", () => {
  it("answers 504 render_timeout at the deadline, keeps rendering, and serves the retry from it", async () => {
    const { render, calls } = countingRender(png, 250);
    const j = job(render, { deadline: Date.now() + 50 });
    const first = makeCtx({});
    await expect(service.serve(first.ctx, j)).rejects.toMatchObject({ code: "render_timeout", status: 504 });
    await until(() => service.flights.inFlight === 0);
    expect(calls).toEqual({ count: 1, aborted: 0 });
    const retry = await service.serve(makeCtx({}).ctx, { ...j, deadline: Date.now() + 5_000 });
    expect(retry.headers.get("x-cache")).toBe("HIT");
    expect(first.consumed()).toBe(1);
  });

  it("lets a retry join the render that is still running", async () => {
    const { render, calls } = countingRender(png, 300);
    const j = job(render, { deadline: Date.now() + 50 });
    await expect(service.serve(makeCtx({}).ctx, j)).rejects.toMatchObject({ code: "render_timeout" });
    const retry = makeCtx({});
    const res = await service.serve(retry.ctx, { ...j, deadline: Date.now() + 5_000 });
    expect(res.headers.get("x-cache")).toBe("MISS");
    expect(calls.count).toBe(1);
    expect(retry.consumed()).toBe(0);
  });

  it("renders again for a joined request when the leader's shorter timeout ends the shared render (timeout is not in the key, D6)", async () => {
    const shortTimeout = job(async () => {
      await sleep(100);
      throw new ApiError("render_timeout", "Rendering did not finish within the timeout of 100 ms.");
    });
    const { render, calls } = countingRender(png);
    const patient = makeCtx({});
    const leader = service.serve(makeCtx({}).ctx, shortTimeout);
    const joined = service.serve(patient.ctx, { ...shortTimeout, render, deadline: Date.now() + 5_000 });
    await expect(leader).rejects.toMatchObject({ code: "render_timeout" });
    const res = await joined;
    expect([res.status, res.headers.get("x-cache")]).toEqual([200, "MISS"]);
    expect(calls.count).toBe(1);
    expect(patient.consumed()).toBe(1);
  });

  it("aborts a render nobody waits for once the grace period is over, and stores nothing", async () => {
    const impatient = overHttp(
      createResultService({ store: service.store, redis: null, flight: { orphanGraceMs: 100 } }),
    );
    const { render, calls } = countingRender(png, 5_000);
    const j = job(render, { deadline: Date.now() + 50 });
    await expect(impatient.serve(makeCtx({}).ctx, j)).rejects.toBeInstanceOf(ApiError);
    await until(() => calls.aborted > 0);
    expect(calls).toEqual({ count: 1, aborted: 1 });
    const again = countingRender(png);
    const res = await impatient.serve(makeCtx({}).ctx, { ...j, render: again.render, deadline: Date.now() + 5_000 });
    expect(res.headers.get("x-cache")).toBe("MISS");
    expect(again.calls.count).toBe(1);
  });

  it("lets a quota error through without rendering or storing", async () => {
    const { render, calls } = countingRender(png);
    const j = job(render);
    const quota = new ApiError("quota_exceeded", "Monthly render quota used up.");
    await expect(service.serve(makeCtx({ consumeRender: async () => Promise.reject(quota) }).ctx, j)).rejects.toBe(
      quota,
    );
    expect(calls.count).toBe(0);
    await service.serve(makeCtx({}).ctx, j);
    expect(calls.count).toBe(1);
  });

  it("gives every concurrent waiter the render's error, stores nothing, and renders anew next time", async () => {
    let attempts = 0;
    const failing = async () => {
      attempts++;
      await sleep(50);
      throw new ApiError("target_unreachable", "The host could not be resolved.");
    };
    const j = job(failing);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => service.serve(makeCtx({}).ctx, j)));
    expect(attempts).toBe(1);
    for (const r of results) expect(r).toMatchObject({ status: "rejected", reason: { code: "target_unreachable" } });
    const { render, calls } = countingRender(png);
    expect((await service.serve(makeCtx({}).ctx, { ...j, render })).headers.get("x-cache")).toBe("MISS");
    expect(calls.count).toBe(1);
  });

  it("gives a failed render's quota charge back, once, and keeps a delivered one", async () => {
    const failing = makeCtx({});
    const failed = job(async () => {
      throw new ApiError("render_timeout", "Rendering did not finish.");
    });
    await expect(service.serve(failing.ctx, failed)).rejects.toMatchObject({ code: "render_timeout" });
    expect([failing.consumed(), failing.refunded()]).toEqual([1, 1]);

    const delivered = makeCtx({});
    const { render } = countingRender(png);
    expect((await service.serve(delivered.ctx, job(render))).status).toBe(200);
    expect([delivered.consumed(), delivered.refunded()]).toEqual([1, 0]);
  });

  it("stops waiting when the client goes away", async () => {
    const { render } = countingRender(png, 200);
    const controller = new AbortController();
    const ctx = { ...makeCtx({}).ctx, signal: controller.signal };
    const pending = service.serve(ctx, job(render));
    setTimeout(() => controller.abort(new Error("client disconnected")), 20);
    await expect(pending).rejects.toThrow("client disconnected");
  });
});

describe("serveResult (default service from configuration)", () => {
  it("stores under DATA_DIR/results and returns a files URL for the stored bytes", async () => {
    const { render } = countingRender(png);
    const res = outcomeResponse(await serveResult(makeCtx({ params: { response: "json" } }).ctx, job(render)));
    const { imageUrl } = await res.json();
    const key = /\/v1\/files\/([0-9a-f]{64})\.png$/.exec(imageUrl)![1];
    const stored = await new FileResultStore(path.join(testEnv.current.dataDir, "results")).get(key);
    expect(Buffer.compare(stored!.bytes, png)).toBe(0);
  });
});
