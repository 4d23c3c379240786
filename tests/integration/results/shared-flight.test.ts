/**
 * Single flight across instances (D6): two "app instances" — each its own Redis connection,
 * store object and in-process flight map — share one real Redis, over TCP and over the
 * Upstash REST protocol.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { createRedis, type RedisLike } from "@/lib/redis";
import { cacheKey } from "@/lib/results/key";
import { RedisResultStore } from "@/lib/results/redis-store";
import type { RenderJob } from "@/lib/results/render-job";
import { createResultService, type ResultService } from "@/lib/results/serve";
import { REDIS_URL } from "@/tests/support/env";
import { testEnvironment } from "@/tests/support/test-env";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";
import { countingRender, deleteRedisPrefix, makeCtx, overHttp, pngOf, sleep } from "./helpers";
let bridge: UpstashBridge;
let raw: Redis;
let png: Buffer;
const clients: RedisLike[] = [];
const instances: Record<"redis" | "upstash", { prefix: string; a: ResultService; b: ResultService }> = {} as never;

function instance(client: RedisLike): ResultService {
  clients.push(client);
  return createResultService({ store: new RedisResultStore(client), redis: client });
}

const testEnv = testEnvironment({ database: "embedded", store: "redis" });

beforeAll(async () => {
  bridge = await startUpstashBridge();
  raw = new Redis(REDIS_URL);
  png = await pngOf("#aa2255");
  const tcp = { redisUrl: REDIS_URL, prefix: `${testEnv.current.redisPrefix}tcp:` };
  const rest = { upstashUrl: bridge.url, upstashToken: bridge.token, prefix: `${testEnv.current.redisPrefix}rest:` };
  instances.redis = { prefix: tcp.prefix, a: instance(createRedis(tcp)!), b: instance(createRedis(tcp)!) };
  instances.upstash = { prefix: rest.prefix, a: instance(createRedis(rest)!), b: instance(createRedis(rest)!) };
});

afterAll(async () => {
  await deleteRedisPrefix(testEnv.current.redisPrefix);
  await Promise.all(clients.map((c) => c.close()));
  await raw.quit();
  await bridge.close();
});

let n = 0;
function job(render: RenderJob["render"]): RenderJob {
  const url = `https://example.com/shared/${++n}`;
  return {
    endpoint: "screenshot",
    keyParams: { url },
    ext: "png",
    deadline: Date.now() + 15_000,
    render,
    describe: { url },
  };
}

const keyOf = (j: RenderJob) => cacheKey({ accountId: "acct_test", endpoint: j.endpoint, params: j.keyParams });

describe.each(["redis", "upstash"] as const)("across two instances over %s", (kind) => {
  // Instances are created in beforeAll, after describe bodies run: look them up lazily.
  const a = overHttp({ serve: (...args: Parameters<ResultService["serve"]>) => instances[kind].a.serve(...args) });
  const b = overHttp({ serve: (...args: Parameters<ResultService["serve"]>) => instances[kind].b.serve(...args) });
  const lockKey = async (j: RenderJob) => `${instances[kind].prefix}lock:result:${await keyOf(j)}`;
  /** Waits until some instance holds the job's lock (no fixed sleeps: the machine may be busy). */
  const lockTaken = async (j: RenderJob) => {
    const name = await lockKey(j);
    for (let i = 0; i < 200 && !(await raw.exists(name)); i++) await sleep(10);
    expect(await raw.exists(name)).toBe(1);
  };

  it("renders once for 50 identical concurrent requests split over both instances", async () => {
    const { render, calls } = countingRender(png, 300);
    const j = job(render);
    const ctxs = Array.from({ length: 50 }, () => makeCtx({}));
    const responses = await Promise.all(ctxs.map((c, i) => (i % 2 ? b : a).serve(c.ctx, j)));
    expect(calls.count).toBe(1);
    expect(ctxs.reduce((sum, c) => sum + c.consumed(), 0)).toBe(1);
    for (const res of responses) {
      expect(res.headers.get("x-cache")).toBe("MISS");
      expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), png)).toBe(0);
    }
    expect(await raw.exists(await lockKey(j))).toBe(0); // the leader released its lock
  });

  it("serves one instance's render to the other as a HIT", async () => {
    const { render, calls } = countingRender(png);
    const j = job(render);
    await a.serve(makeCtx({}).ctx, j);
    const other = makeCtx({});
    const res = await b.serve(other.ctx, j);
    expect(res.headers.get("x-cache")).toBe("HIT");
    expect(other.consumed()).toBe(0);
    expect(calls.count).toBe(1);
  });

  it("lets the other instance render when the leader's render fails", async () => {
    const j = job(async () => {
      await sleep(150);
      throw new ApiError("target_unreachable", "The host could not be resolved.");
    });
    const leader = a.serve(makeCtx({}).ctx, j);
    await lockTaken(j);
    const { render, calls } = countingRender(png);
    const follower = b.serve(makeCtx({}).ctx, { ...j, render });
    await expect(leader).rejects.toMatchObject({ code: "target_unreachable" });
    expect((await follower).headers.get("x-cache")).toBe("MISS");
    expect(calls.count).toBe(1);
  });

  it("takes over when a dead leader's lock expires", async () => {
    const { render, calls } = countingRender(png);
    const j = job(render);
    await raw.set(await lockKey(j), "a-crashed-instance", "PX", 400);
    const started = Date.now();
    const res = await b.serve(makeCtx({}).ctx, j);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(res.headers.get("x-cache")).toBe("MISS");
    expect(calls.count).toBe(1);
  });

  it("gives a follower 504 at its deadline while the other instance's render finishes and is stored", async () => {
    const { render, calls } = countingRender(png, 400);
    const j = job(render);
    const leader = a.serve(makeCtx({}).ctx, j);
    await lockTaken(j);
    await expect(b.serve(makeCtx({}).ctx, { ...j, deadline: Date.now() + 100 })).rejects.toMatchObject({
      code: "render_timeout",
    });
    await leader;
    // B's own flight keeps polling after its waiter left (a retry would join it); once it has
    // seen the stored result and ended, a new request on B is a plain HIT.
    for (let i = 0; i < 100 && instances[kind].b.flights.inFlight > 0; i++) await sleep(20);
    expect(instances[kind].b.flights.inFlight).toBe(0);
    expect((await b.serve(makeCtx({}).ctx, j)).headers.get("x-cache")).toBe("HIT");
    expect(calls.count).toBe(1);
  });
});
