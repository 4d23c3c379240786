/**
 * Async jobs (D20, issue 18 points 1, 2, 4, 7) on PostgreSQL, the BullMQ queue on real Redis and
 * real Chromium: a job is accepted (202), runs through the screenshot handler and its result file
 * is served; a failing job shows its problem+json; another account's id is a 404; a private
 * webhook address is refused before anything is recorded; a bulk batch ends once, with every job.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { REDIS_URL } from "@/tests/support/env";
import { startHarness, type ScreenshotHarness } from "../screenshot/harness";
import { fetchResultFile, getBatch, getJob, postJob, waitForJob, type JobBody } from "./support";

let h: ScreenshotHarness;
beforeAll(async () => {
  h = await startHarness({ env: { store: "redis" } });
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  await startJobWorkers();
});
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
  await h?.close();
});

async function jobRows(userId: string): Promise<number> {
  const { getPool } = await import("@/lib/db");
  const { rows } = await (await getPool()).query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

describe("POST /v1/jobs", () => {
  it("accepts a screenshot with 202, runs it on the queue and serves its result file", async () => {
    const accepted = await postJob(h.account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html?job-ok"), width: 800, height: 600 } });
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
    const accepted = await postJob(h.account, { endpoint: "screenshot", params: { url: `${h.fx.origin}/status.html?code=404` } });
    expect(accepted.status).toBe(202);
    const done = await waitForJob(h.account, ((await accepted.json()) as JobBody).id);
    expect(done.status).toBe("failed");
    expect(done.resultUrl).toBeUndefined();
    expect(done.error).toMatchObject({ status: 422, code: "target_http_error", type: "http://localhost:3000/docs/errors#target_http_error" });
  });

  it("answers another account's job id exactly like an id nobody has: 404", async () => {
    const accepted = (await (await postJob(h.account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html?owner") } })).json()) as JobBody;
    const stranger = await createTestAccount({ plan: "business" });
    const theirs = await problemOf(await getJob(stranger, accepted.id));
    const nobodys = await problemOf(await getJob(stranger, "job_" + "a".repeat(24)));
    expect(theirs).toMatchObject({ status: 404, code: "job_not_found" });
    expect({ ...theirs, requestId: undefined }).toEqual({ ...nobodys, requestId: undefined });
    expect((await getJob(h.account, accepted.id)).status).toBe(200);
    await waitForJob(h.account, accepted.id);
  });

  it("refuses a webhook URL on a loopback address before recording anything", async () => {
    const account = await createTestAccount({ plan: "business" });
    for (const webhookUrl of ["http://127.0.0.1:9/hook", "http://localhost:9/hook", "http://[::1]/hook", "http://169.254.169.254/latest"]) {
      const problem = await problemOf(await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html") }, webhookUrl }));
      expect(problem).toMatchObject({ status: 400, code: "private_address", param: "webhookUrl" });
    }
    expect(await problemOf(await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html") }, webhookUrl: "ftp://example.com/x" }))).toMatchObject({
      status: 400,
      code: "unsupported_url",
      param: "webhookUrl",
    });
    expect(await jobRows(account.userId)).toBe(0);
  });

  it("validates the inner request with the endpoint's own schema and gates, naming params.<name>", async () => {
    const account = await createTestAccount({ plan: "free" });
    expect(await problemOf(await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), width: 99_999 } }))).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "params.width",
    });
    expect(await problemOf(await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), fullpage: true } }))).toMatchObject({
      status: 400,
      code: "unknown_parameter",
      param: "params.fullpage",
    });
    expect(await problemOf(await postJob(account, { endpoint: "pdf", params: {} }))).toMatchObject({ status: 400, param: "endpoint" });
    expect(await problemOf(await postJob(account, { endpoint: "screenshot" }))).toMatchObject({ status: 400, code: "missing_parameter", param: "params" });
    // A bad input is a 400 before the plan's 403 (D2); then the gates of the endpoint itself.
    expect(await problemOf(await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), darkMode: true } }))).toMatchObject({
      status: 403,
      code: "plan_upgrade_required",
      param: "params.darkMode",
    });
    expect(await problemOf(await postJob(account, { endpoint: "og", params: { template: "default", title: "Hi" } }))).toMatchObject({ status: 403, code: "plan_upgrade_required" });
    expect(await jobRows(account.userId)).toBe(0);
  });

  it("takes a screenshot timeout up to the async limit of 120 s, and no more", async () => {
    const long = await postJob(h.account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html?long"), timeout: 90_000 } });
    expect(long.status).toBe(202);
    const { getPool } = await import("@/lib/db");
    const id = ((await long.json()) as JobBody).id;
    const { rows } = await (await getPool()).query<{ timeout_ms: number }>(`SELECT timeout_ms FROM jobs WHERE id = $1`, [id]);
    expect(rows[0].timeout_ms).toBe(90_000);
    expect(await problemOf(await postJob(h.account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), timeout: 120_001 } }))).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "params.timeout",
    });
    expect((await waitForJob(h.account, id)).status).toBe("succeeded");
  });

  it("runs an OG job through the OG handler", async () => {
    const accepted = (await (await postJob(h.account, { endpoint: "og", params: { template: "default", title: "Async card" } })).json()) as JobBody;
    const done = await waitForJob(h.account, accepted.id);
    expect(done).toMatchObject({ status: "succeeded", result: { template: "default", width: 1200, height: 630, format: "png" } });
    expect((await fetchResultFile(done.resultUrl!)).headers.get("content-type")).toBe("image/png");
  });
});

describe("POST /v1/jobs/bulk", () => {
  it("accepts a batch, shows each job's state and ends the batch once every job has ended", async () => {
    const jobs = [
      { endpoint: "screenshot", params: { url: h.fx.url("basic.html?bulk-1") } },
      { endpoint: "screenshot", params: { url: h.fx.url("basic.html?bulk-2") } },
      { endpoint: "screenshot", params: { url: `${h.fx.origin}/status.html?code=500` } },
      { endpoint: "og", params: { template: "default", title: "Bulk" } },
    ];
    const accepted = await postJob(h.account, { jobs }, "/v1/jobs/bulk");
    expect(accepted.status).toBe(202);
    const batch = (await accepted.json()) as { id: string; size: number; status: string; jobs: JobBody[] };
    expect(batch).toMatchObject({ size: 4, status: "pending" });
    expect(batch.id).toMatch(/^batch_/);
    const ended = await Promise.all(batch.jobs.map((job) => waitForJob(h.account, job.id)));
    expect(ended.map((job) => job.status)).toEqual(["succeeded", "succeeded", "failed", "succeeded"]);
    const after = (await (await getBatch(h.account, batch.id)).json()) as { status: string; counts: Record<string, number> };
    expect(after).toMatchObject({ status: "finished", counts: { queued: 0, running: 0, succeeded: 3, failed: 1 } });
    const stranger = await createTestAccount({ plan: "business" });
    expect(await problemOf(await getBatch(stranger, batch.id))).toMatchObject({ status: 404, code: "job_not_found" });
  });

  it("refuses the whole batch when one item is bad, naming it, and records nothing", async () => {
    const account = await createTestAccount({ plan: "business" });
    const jobs = [{ endpoint: "screenshot", params: { url: h.fx.url("basic.html") } }, { endpoint: "screenshot", params: { url: "http://10.0.0.1/" } }];
    expect(await problemOf(await postJob(account, { jobs }, "/v1/jobs/bulk"))).toMatchObject({ status: 400, code: "private_address", param: "jobs[1].params.url" });
    const tooMany = Array.from({ length: 101 }, () => jobs[0]);
    expect(await problemOf(await postJob(account, { jobs: tooMany }, "/v1/jobs/bulk"))).toMatchObject({ status: 400, code: "parameter_out_of_range", param: "jobs" });
    expect(await jobRows(account.userId)).toBe(0);
  });
});
