/**
 * Async jobs (D20, issue 18 points 1, 2, 4, 7) on PostgreSQL, the BullMQ queue on real Redis and
 * real Chromium: a job is accepted (202), runs through the screenshot or OG handler and its result
 * file is served; a failing job shows its problem+json; another account's id is a 404. What
 * POST /v1/jobs refuses is in jobs-validation.test.ts, webhooks and bulk batches in
 * jobs-webhooks.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { REDIS_URL } from "@/tests/support/env";
import { fetchResultFile, getJob, jobsHarness, postJob, waitForJob, type JobBody } from "./support";
import { usageResponseSchema } from "@/lib/usage/schema";
import { expectDocumented } from "@/tests/support/documented";

const h = jobsHarness();

describe("POST /v1/jobs", () => {
  it("accepts a screenshot with 202, runs it on the queue and serves its result file", async () => {
    const accepted = await postJob(h.account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html?job-ok"), width: 800, height: 600 },
    });
    expect(accepted.status).toBe(202);
    const body = (await accepted.json()) as JobBody;
    expect(body).toMatchObject({ status: "queued", endpoint: "screenshot" });
    expect(body.id).toMatch(/^job_[a-z0-9]{24}$/);
    expect(body.statusUrl).toBe(`http://localhost:3000/v1/jobs/${body.id}`);
    expect(accepted.headers.get("location")).toBe(body.statusUrl);
    expect(accepted.headers.get("x-request-id")).toBeTruthy();

    const done = await waitForJob(h.account, body.id);
    expect(done.status).toBe("succeeded");
    expect(done.result).toMatchObject({ width: 800, height: 600, format: "png", url: h.fx.url("basic.html?job-ok") });
    expect(done.resultUrl).toBe(done.result?.imageUrl);
    const file = await fetchResultFile(done.resultUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(h.fx.hitsFor("/basic.html")).toBeGreaterThan(0);
    // The queue it went through is BullMQ's, on the test's Redis prefix.
    const { Redis } = await import("ioredis");
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${h.testEnv.redisPrefix}bull:jobs:*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it("shows a failed render as the problem+json the synchronous request would answer", async () => {
    const accepted = await postJob(h.account, {
      endpoint: "screenshot",
      params: { url: `${h.fx.origin}/status.html?code=404` },
    });
    expect(accepted.status).toBe(202);
    const done = await waitForJob(h.account, ((await accepted.json()) as JobBody).id);
    expect(done.status).toBe("failed");
    expect(done.resultUrl).toBeUndefined();
    expect(done.error).toMatchObject({
      status: 422,
      code: "target_http_error",
      type: "http://localhost:3000/docs/errors#target_http_error",
    });
  });

  it("answers another account's job id exactly like an id nobody has: 404", async () => {
    const accepted = (await (
      await postJob(h.account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html?owner") } })
    ).json()) as JobBody;
    const stranger = await createTestAccount({ plan: "business" });
    const theirs = await problemOf(await getJob(stranger, accepted.id));
    const nobodys = await problemOf(await getJob(stranger, "job_" + "a".repeat(24)));
    expect(theirs).toMatchObject({ status: 404, code: "job_not_found" });
    expect({ ...theirs, requestId: undefined }).toEqual({ ...nobodys, requestId: undefined });
    expect((await getJob(h.account, accepted.id)).status).toBe(200);
    await waitForJob(h.account, accepted.id);
  });

  it("takes a screenshot timeout up to the async limit of 120 s, and no more", async () => {
    const long = await postJob(h.account, {
      endpoint: "screenshot",
      params: { url: h.fx.url("basic.html?long"), timeout: 90_000 },
    });
    expect(long.status).toBe(202);
    const { getPool } = await import("@/lib/db/pool");
    const id = ((await long.json()) as JobBody).id;
    const { rows } = await (
      await getPool()
    ).query<{ timeout_ms: number }>(`SELECT timeout_ms FROM jobs WHERE id = $1`, [id]);
    expect(rows[0].timeout_ms).toBe(90_000);
    expect(
      await problemOf(
        await postJob(h.account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), timeout: 120_001 } }),
      ),
    ).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "params.timeout",
    });
    expect((await waitForJob(h.account, id)).status).toBe("succeeded");
  });

  it("runs an OG job through the OG handler, charging the render to the quota when it runs (a HIT is free)", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const { GET: usage } = await import("@/app/v1/usage/route");
    const { apiRequest } = await import("@/tests/support/api");
    const rendersUsed = async () =>
      expectDocumented(
        usageResponseSchema,
        await (await usage(apiRequest("/v1/usage", { apiKey: account.apiKey }))).json(),
      ).renders.used;
    expect(await rendersUsed()).toBe(0);
    const accepted = (await (
      await postJob(account, { endpoint: "og", params: { template: "default", title: "Async card" } })
    ).json()) as JobBody;
    const done = await waitForJob(account, accepted.id);
    expect(await rendersUsed()).toBe(1);
    const again = (await (
      await postJob(account, { endpoint: "og", params: { template: "default", title: "Async card" } })
    ).json()) as JobBody;
    expect((await waitForJob(account, again.id)).result).toMatchObject({ imageUrl: done.resultUrl });
    expect(await rendersUsed()).toBe(1);
    expect(done).toMatchObject({
      status: "succeeded",
      result: { template: "default", width: 1200, height: 630, format: "png" },
    });
    expect((await fetchResultFile(done.resultUrl!)).headers.get("content-type")).toBe("image/png");
  });
});
