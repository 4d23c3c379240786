/**
 * Async jobs (D20, issue 18 points 1, 2, 4, 7) on PostgreSQL, the BullMQ queue on real Redis and
 * real Chromium: a job is accepted (202), runs through the screenshot handler and its result file
 * is served; a failing job shows its problem+json; another account's id is a 404; a private
 * webhook address is refused before anything is recorded; a job's end reaches its webhook once,
 * signed (lib/webhooks); a bulk batch ends once, with every job, and sends one webhook.
 */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { REDIS_URL } from "@/tests/support/env";
import { eventually, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { fetchResultFile, getBatch, getJob, jobsHarness, postJob, waitForJob, type JobBody } from "./support";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
// Registered before the harness, so the receiver stops after it, as before.
afterAll(async () => receiver?.close());
const h = jobsHarness(() => [receiver.origin]);

function deliveriesTo(path: string) {
  return receiver.received.filter((r) => r.path === path);
}

async function jobRows(userId: string): Promise<number> {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

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

  // Loopback only here: metadata and private ranges are named only inside the namespace runner,
  // where tests/integration/net/isolated/webhook.spec.ts checks the same policy (assertWebhookUrl).
  it("refuses a webhook URL on a loopback address before recording anything", async () => {
    const account = await createTestAccount({ plan: "business" });
    for (const webhookUrl of [
      "http://127.0.0.1:9/hook",
      "http://localhost:9/hook",
      "http://[::1]/hook",
      "http://127.3.4.5:8080/hook",
    ]) {
      const problem = await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html") }, webhookUrl }),
      );
      expect(problem).toMatchObject({ status: 400, code: "private_address", param: "webhookUrl" });
    }
    expect(
      await problemOf(
        await postJob(account, {
          endpoint: "screenshot",
          params: { url: h.fx.url("basic.html") },
          webhookUrl: "ftp://example.com/x",
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: "unsupported_url",
      param: "webhookUrl",
    });
    expect(await jobRows(account.userId)).toBe(0);
  });

  it("validates the inner request with the endpoint's own schema and gates, naming params.<name>", async () => {
    const account = await createTestAccount({ plan: "free" });
    expect(
      await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), width: 99_999 } }),
      ),
    ).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "params.width",
    });
    expect(
      await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), fullpage: true } }),
      ),
    ).toMatchObject({
      status: 400,
      code: "unknown_parameter",
      param: "params.fullpage",
    });
    expect(await problemOf(await postJob(account, { endpoint: "pdf", params: {} }))).toMatchObject({
      status: 400,
      param: "endpoint",
    });
    expect(await problemOf(await postJob(account, { endpoint: "screenshot" }))).toMatchObject({
      status: 400,
      code: "missing_parameter",
      param: "params",
    });
    // A bad input is a 400 before the plan's 403 (D2); then the gates of the endpoint itself.
    expect(
      await problemOf(
        await postJob(account, { endpoint: "screenshot", params: { url: h.fx.url("basic.html"), darkMode: true } }),
      ),
    ).toMatchObject({
      status: 403,
      code: "plan_upgrade_required",
      param: "params.darkMode",
    });
    expect(
      await problemOf(await postJob(account, { endpoint: "og", params: { template: "default", title: "Hi" } })),
    ).toMatchObject({ status: 403, code: "plan_upgrade_required" });
    expect(await jobRows(account.userId)).toBe(0);
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
      (
        (await (await usage(apiRequest("/v1/usage", { apiKey: account.apiKey }))).json()) as {
          renders: { used: number };
        }
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

describe("completion webhooks", () => {
  it("sends a job's end to its webhookUrl once, signed with the account's secret, with the job as the GET shows it", async () => {
    const account = await createTestAccount({ plan: "business" });
    const ok = (await (
      await postJob(account, {
        endpoint: "screenshot",
        params: { url: h.fx.url("basic.html?hook-ok") },
        webhookUrl: `${receiver.origin}/job-ok`,
      })
    ).json()) as JobBody;
    const bad = (await (
      await postJob(account, {
        endpoint: "screenshot",
        params: { url: `${h.fx.origin}/status.html?code=503` },
        webhookUrl: `${receiver.origin}/job-bad`,
      })
    ).json()) as JobBody;
    const [okEnd, badEnd] = [await waitForJob(account, ok.id), await waitForJob(account, bad.id)];
    await eventually(() => deliveriesTo("/job-ok").length > 0 && deliveriesTo("/job-bad").length > 0, "both webhooks");

    const { webhookSettings } = await import("@/lib/webhooks/settings");
    const verifier = new Webhook((await webhookSettings(account.userId)).secret);
    const [okHook] = deliveriesTo("/job-ok");
    const okEvent = verifier.verify(okHook.body, okHook.headers) as { type: string; data: JobBody };
    expect(okEvent.type).toBe("job.succeeded");
    expect(okEvent.data).toEqual(okEnd);
    expect(okEvent.data.resultUrl).toMatch(/\/v1\/files\/[0-9a-f]{64}\.png$/);
    const [badHook] = deliveriesTo("/job-bad");
    const badEvent = verifier.verify(badHook.body, badHook.headers) as { type: string; data: JobBody };
    expect(badEvent).toMatchObject({
      type: "job.failed",
      data: { id: bad.id, status: "failed", error: { status: 422, code: "target_http_error" } },
    });
    expect(badEvent.data).toEqual(badEnd);
    expect(okHook.headers["webhook-id"]).not.toBe(badHook.headers["webhook-id"]);
    // One delivery per job: the database holds one row per event key.
    const { getPool } = await import("@/lib/db/pool");
    const { rows } = await (
      await getPool()
    ).query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE user_id = $1`, [account.userId]);
    expect(rows[0].n).toBe(2);
  });

  it("uses the account's default webhook URL when a job has none", async () => {
    const account = await createTestAccount({ plan: "business" });
    const { setDefaultWebhookUrl } = await import("@/lib/webhooks/settings");
    await setDefaultWebhookUrl(account.userId, `${receiver.origin}/default`);
    const job = (await (
      await postJob(account, { endpoint: "og", params: { template: "default", title: "Default hook" } })
    ).json()) as JobBody;
    await waitForJob(account, job.id);
    await eventually(() => deliveriesTo("/default").some((r) => r.body.includes(job.id)), "the default URL's delivery");
    expect(JSON.parse(deliveriesTo("/default").find((r) => r.body.includes(job.id))!.body)).toMatchObject({
      type: "job.succeeded",
      data: { id: job.id, status: "succeeded" },
    });
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
    const accepted = await postJob(h.account, { jobs, webhookUrl: `${receiver.origin}/batch` }, "/v1/jobs/bulk");
    expect(accepted.status).toBe(202);
    const batch = (await accepted.json()) as { id: string; size: number; status: string; jobs: JobBody[] };
    expect(batch).toMatchObject({ size: 4, status: "pending" });
    expect(batch.id).toMatch(/^batch_/);
    const ended = await Promise.all(batch.jobs.map((job) => waitForJob(h.account, job.id)));
    expect(ended.map((job) => job.status)).toEqual(["succeeded", "succeeded", "failed", "succeeded"]);
    const after = (await (await getBatch(h.account, batch.id)).json()) as {
      status: string;
      counts: Record<string, number>;
    };
    expect(after).toMatchObject({ status: "finished", counts: { queued: 0, running: 0, succeeded: 3, failed: 1 } });
    // One webhook for the batch, when all have ended, and none per job.
    await eventually(() => deliveriesTo("/batch").length > 0, "the batch's webhook");
    const hooks = deliveriesTo("/batch");
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].body)).toMatchObject({
      type: "batch.completed",
      data: { id: batch.id, status: "finished", counts: { succeeded: 3, failed: 1 } },
    });
    const stranger = await createTestAccount({ plan: "business" });
    expect(await problemOf(await getBatch(stranger, batch.id))).toMatchObject({ status: 404, code: "job_not_found" });
  });

  it("refuses the whole batch when one item is bad, naming it, and records nothing", async () => {
    const account = await createTestAccount({ plan: "business" });
    const jobs = [
      { endpoint: "screenshot", params: { url: h.fx.url("basic.html") } },
      { endpoint: "screenshot", params: { url: "http://127.0.0.5/" } },
    ];
    expect(await problemOf(await postJob(account, { jobs }, "/v1/jobs/bulk"))).toMatchObject({
      status: 400,
      code: "private_address",
      param: "jobs[1].params.url",
    });
    const tooMany = Array.from({ length: 101 }, () => jobs[0]);
    expect(await problemOf(await postJob(account, { jobs: tooMany }, "/v1/jobs/bulk"))).toMatchObject({
      status: 400,
      code: "parameter_out_of_range",
      param: "jobs",
    });
    expect(await jobRows(account.userId)).toBe(0);
  });
});
