/**
 * Async jobs (D20, issue 18 points 4, 7): a job's end reaches its webhook once, signed
 * (lib/webhooks), at its own URL or the account's default; a bulk batch ends once, with every
 * job, and sends one webhook; a bad item refuses the whole batch.
 */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, problemOf } from "@/tests/support/api";
import { eventually, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { getBatch, jobRows, jobsHarness, postJob, waitForJob, type JobBody } from "./support";

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
