/**
 * GET /v1/files/{key}.{ext} (D7), through the real route handler, on the file store (embedded
 * default) and on Redis (REDIS_URL).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, HEAD } from "@/app/v1/files/[file]/route";
import type { JsonOutcome } from "@/lib/api/outcome";
import { reloadEnv } from "@/lib/env";
import { closeRedis } from "@/lib/redis";
import { serveResult } from "@/lib/results/serve";
import { getResultStore } from "@/lib/results/store";
import { REDIS_URL } from "@/tests/support/env";
import { testEnvironment } from "@/tests/support/test-env";
import { countingRender, deleteRedisPrefix, makeCtx, pngOf, sleep } from "./helpers";
let png: Buffer;

const testEnv = testEnvironment({ database: "embedded" });

beforeAll(async () => {
  png = await pngOf("#ffcc00");
});

afterAll(async () => {
  await closeRedis();
  await deleteRedisPrefix(testEnv.current.redisPrefix);
});

function get(file: string, headers: HeadersInit = {}, method: "GET" | "HEAD" = "GET"): Promise<Response> {
  const request = new Request(`http://localhost:3000/v1/files/${encodeURIComponent(file)}`, { method, headers });
  return (method === "GET" ? GET : HEAD)(request, { params: Promise.resolve({ file }) });
}

async function stored(ttlMs = 60_000) {
  const key = randomBytes(32).toString("hex");
  const entry = await getResultStore().put(
    key,
    { bytes: png, contentType: "image/png", ext: "png", metadata: { width: 8, height: 6, renderMs: 5 } },
    ttlMs,
  );
  return { key, entry };
}

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("x-request-id")).toBeTruthy();
  const body = await res.json();
  expect(body).toMatchObject({
    status: 404,
    code: "not_found",
    title: "Not Found",
    type: "http://localhost:3000/docs/errors#not_found",
  });
}

describe.each(["files", "redis"] as const)("files route on the %s store", (kind) => {
  beforeAll(() => {
    if (kind === "redis") process.env.REDIS_URL = REDIS_URL;
    else delete process.env.REDIS_URL;
    reloadEnv();
  });

  it("uses the configured store", () => {
    expect(getResultStore().kind).toBe(kind);
  });

  it("serves the stored bytes, publicly cacheable until expiry", async () => {
    const { key, entry } = await stored();
    const res = await get(`${key}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(png.length));
    expect(res.headers.get("etag")).toBe(entry.etag);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const maxAge = Number(/^public, max-age=(\d+), immutable$/.exec(res.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(58);
    expect(maxAge).toBeLessThanOrEqual(60);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), png)).toBe(0);
  });

  it("answers 304 when the client already has these bytes", async () => {
    const { key, entry } = await stored();
    for (const tag of [entry.etag, `"other", ${entry.etag}`, `W/${entry.etag}`, "*"]) {
      const res = await get(`${key}.png`, { "If-None-Match": tag });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(entry.etag);
      expect(await res.text()).toBe("");
    }
    expect((await get(`${key}.png`, { "If-None-Match": '"stale"' })).status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const { key } = await stored();
    const res = await get(`${key}.png`, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(png.length));
    expect(await res.text()).toBe("");
  });

  it("is 404 once the entry has expired", async () => {
    const { key } = await stored(600);
    expect((await get(`${key}.png`)).status).toBe(200);
    await sleep(700);
    await expectNotFound(await get(`${key}.png`));
  });

  it("is 404 for unknown keys, other extensions and anything that is not a key", async () => {
    const { key } = await stored();
    await expectNotFound(await get(`${key}.jpg`));
    await expectNotFound(await get(`${randomBytes(32).toString("hex")}.png`));
    for (const name of [
      key,
      `${key.toUpperCase()}.png`,
      `${key.slice(1)}.png`,
      `${key}.gif`,
      `${key}.png.png`,
      `../${key}.png`,
      "..%2F..%2Fcache-secret",
      "cache-secret",
      "",
    ]) {
      await expectNotFound(await get(name));
    }
  });

  it("serves the imageUrl that serveResult hands out", async () => {
    const { render } = countingRender(png);
    const url = `https://example.com/files/${kind}`;
    const answer = await serveResult(makeCtx({ params: { response: "json" } }).ctx, {
      endpoint: "screenshot",
      keyParams: { url },
      ext: "png",
      deadline: Date.now() + 10_000,
      render,
      describe: { url },
    });
    expect(answer.kind).toBe("json");
    const { imageUrl, size } = (answer as JsonOutcome<{ imageUrl: string; size: number }>).body;
    const file = imageUrl.split("/v1/files/")[1];
    const served = await get(file);
    expect(served.status).toBe(200);
    expect(Number(served.headers.get("content-length"))).toBe(size);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), png)).toBe(0);
  });
});
