/**
 * The life of a job row (D20) apart from rendering, on PostgreSQL and BullMQ on real Redis: a job
 * runs under the account's plan of the moment it runs, and not at all when its key was revoked or
 * paused before it started (D28: revoked means stopped); a job whose runs were cut off three times
 * fails instead of running again; ended jobs are pruned after the retention, queued and running
 * ones never. None of these reaches a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, rendersOf } from "@/tests/support/api";
import { watchHttpObjects } from "@/tests/support/http-watch";
import { testEnvironment } from "@/tests/support/test-env";
import { postJob, waitForJob, type JobBody } from "./support";

testEnvironment({ store: "redis" });

beforeAll(async () => {
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  await startJobWorkers();
});
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
});

describe("a job runs as the account is when it runs", () => {
  it("runs through the endpoint core: no Request built, no Response read, the render charged once (D35)", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const { insertJob } = await import("@/lib/jobs/store");
    const { runJob } = await import("@/lib/jobs/run");
    // Not on the queue: this test is the job's only runner.
    const row = await insertJob(
      { userId: account.userId, apiKeyId: account.apiKeyId },
      {
        endpoint: "og",
        query: [
          ["template", "default"],
          ["title", "No HTTP"],
          ["response", "json"],
        ],
      },
      undefined,
    );
    const watch = watchHttpObjects();
    let ran: Awaited<ReturnType<typeof runJob>>;
    try {
      ran = await runJob(row, new AbortController().signal);
    } finally {
      watch.restore();
    }
    expect(ran).toMatchObject({ state: "succeeded", result: { template: "default", format: "png", cachedAt: null } });
    expect([watch.built, watch.read()]).toEqual([[], 0]);
    expect(await rendersOf(account)).toBe(1);
  });

  it("fails with the plan's 403 when the account moved below the endpoint's plan after accepting", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const { stopJobWorkers, startJobWorkers } = await import("@/lib/jobs/worker");
    await stopJobWorkers(); // nothing runs the job until the plan has changed
    try {
      const accepted = (await (
        await postJob(account, { endpoint: "og", params: { template: "default", title: "Downgraded" } })
      ).json()) as JobBody;
      expect(accepted.status).toBe("queued");
      const { getPool } = await import("@/lib/db/pool");
      await (await getPool()).query(`UPDATE users SET plan = 'free' WHERE id = $1`, [account.userId]);
      await startJobWorkers();
      expect(await waitForJob(account, accepted.id)).toMatchObject({
        status: "failed",
        error: { status: 403, code: "plan_upgrade_required" },
      });
    } finally {
      await startJobWorkers();
    }
  });
});

describe("revoked means stopped", () => {
  it("fails the queued jobs of a key revoked or paused after accepting, uncharged; another key's job runs", async () => {
    const account = await createTestAccount({ plan: "pro" });
    const { createApiKey, revokeApiKey } = await import("@/lib/keys/service");
    const other = await createApiKey(account.userId, "still live");
    const paused = await createApiKey(account.userId, "to pause");
    const { stopJobWorkers, startJobWorkers } = await import("@/lib/jobs/worker");
    await stopJobWorkers(); // nothing runs the jobs until the keys have changed
    const accept = async (apiKey: string, title: string) =>
      (
        (await (
          await postJob({ ...account, apiKey }, { endpoint: "og", params: { template: "default", title } })
        ).json()) as JobBody
      ).id;
    try {
      const revokedJobs = [await accept(account.apiKey, "Revoked one"), await accept(account.apiKey, "Revoked two")];
      const pausedJob = await accept(paused.key, "Paused");
      const liveJob = await accept(other.key, "Live");
      expect(await revokeApiKey(account.userId, account.apiKeyId)).toBe(true);
      const { getPool } = await import("@/lib/db/pool");
      await (await getPool()).query(`UPDATE api_keys SET paused_at = now() WHERE id = $1`, [paused.apiKey.id]);
      await startJobWorkers();
      const reader = { ...account, apiKey: other.key };
      for (const id of revokedJobs)
        expect(await waitForJob(reader, id)).toMatchObject({
          status: "failed",
          error: { status: 401, code: "api_key_revoked", detail: expect.stringMatching(/nothing was charged/) },
        });
      expect(await waitForJob(reader, pausedJob)).toMatchObject({
        status: "failed",
        error: { status: 401, code: "api_key_paused" },
      });
      expect(await waitForJob(reader, liveJob)).toMatchObject({ status: "succeeded" });
      // Only the live key's job rendered and was counted.
      expect(await rendersOf(account)).toBe(1);
    } finally {
      await startJobWorkers();
    }
  });
});

describe("a job whose runs were cut off", () => {
  it("fails with internal_error after three interrupted runs instead of taking a fourth instance down", async () => {
    const account = await createTestAccount({ plan: "business" });
    const { getPool } = await import("@/lib/db/pool");
    const id = "job_" + "c".repeat(24);
    // As a job looks after its instance died three times mid-run: running, its lease long expired.
    await (
      await getPool()
    ).query(
      `INSERT INTO jobs (id, user_id, api_key_id, endpoint, request, state, attempts, lease_owner, lease_until, started_at)
       VALUES ($1, $2, $3, 'screenshot', $4, 'running', 3, 'gone-instance', now() - interval '1 minute', now() - interval '5 minutes')`,
      [
        id,
        account.userId,
        account.apiKeyId,
        JSON.stringify([
          ["url", "http://127.0.0.1:9/interrupted"],
          ["response", "json"],
        ]),
      ],
    );
    const { jobQueue } = await import("@/lib/jobs/queue");
    await (await jobQueue()).enqueue([id]);
    const done = await waitForJob(account, id);
    expect(done).toMatchObject({ status: "failed", error: { status: 500, code: "internal_error" } });
    expect(String(done.error?.detail)).toMatch(/interrupted 3 times/);
  });
});

describe("retention", () => {
  it("prunes ended jobs and batches past the cutoff, never queued or running ones", async () => {
    const account = await createTestAccount({ plan: "business" });
    const { getPool } = await import("@/lib/db/pool");
    const pool = await getPool();
    const { pruneEndedJobs } = await import("@/lib/jobs/claims");
    const old = "now() - interval '61 days'";
    await pool.query(
      `INSERT INTO job_batches (id, user_id, size, created_at, finished_at) VALUES ('batch_old', $1, 1, ${old}, ${old})`,
      [account.userId],
    );
    await pool.query(
      `INSERT INTO jobs (id, user_id, batch_id, endpoint, state, created_at, finished_at, lease_until) VALUES
         ('job_ended', $1, NULL, 'screenshot', 'succeeded', ${old}, ${old}, NULL),
         ('job_in_old_batch', $1, 'batch_old', 'screenshot', 'failed', ${old}, ${old}, NULL),
         ('job_running', $1, NULL, 'screenshot', 'running', ${old}, NULL, now() + interval '1 hour'),
         ('job_recent', $1, NULL, 'screenshot', 'succeeded', now(), now(), NULL)`,
      [account.userId],
    );
    // The old batch (its job goes with it) and the old lone job.
    expect(await pruneEndedJobs(new Date(Date.now() - 60 * 86_400_000))).toBe(2);
    const left = (
      await pool.query<{ id: string }>(`SELECT id FROM jobs WHERE user_id = $1 ORDER BY id`, [account.userId])
    ).rows.map((r) => r.id);
    expect(left).toEqual(["job_recent", "job_running"]);
    expect((await pool.query(`SELECT 1 FROM job_batches WHERE id = 'batch_old'`)).rowCount).toBe(0);
    await pool.query(`DELETE FROM jobs WHERE id = 'job_running'`);
  });
});
