/**
 * Async jobs across instances (D20, issue 18 points 2 and 7), on PostgreSQL and BullMQ on real
 * Redis, with job workers in processes of their own (tests/support/jobs-worker-child.ts), each with
 * its own Chromium. This test process only accepts jobs (the real POST route) and reads them.
 *
 * - An instance killed (SIGKILL, its Chromium with it) while it runs some jobs and holds others
 *   queued: a new instance completes every job, each recorded as ended once and announced by
 *   one webhook delivery with its own webhook-id.
 * - Two instances on the same database and Redis: a batch runs on both. The pages of the batch
 *   are held by the test server until two are being loaded at once, and each instance takes one
 *   job at a time, so no job completes unless both instances work on the batch.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { killWorkerInstances, startWorkerInstance as startWorker } from "@/tests/support/instance";
import { eventually, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { postJob, waitForJob, type JobBody } from "./support";

interface Pages {
  origin: string;
  /** Page loads waiting for the hold to be released (path "/held"). */
  held: http.ServerResponse[];
  release(): void;
  close(): Promise<void>;
}

const PAGE = "<!doctype html><title>job</title><p>job page</p>";

/** "/held" answers only after release(); "/pair" answers once two of its loads are open at once. */
async function startPages(): Promise<Pages> {
  let released = false;
  const held: http.ServerResponse[] = [];
  let pairWaiting: http.ServerResponse[] = [];
  const answer = (res: http.ServerResponse) => res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://pages").pathname;
    if (pathname === "/held") {
      if (released) return answer(res);
      held.push(res);
      return;
    }
    if (pathname === "/pair") {
      pairWaiting.push(res);
      res.on("close", () => (pairWaiting = pairWaiting.filter((r) => r !== res)));
      if (pairWaiting.length >= 2) {
        const pair = pairWaiting;
        pairWaiting = [];
        pair.forEach(answer);
      }
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    release() {
      released = true;
      held.splice(0).forEach((res) => !res.destroyed && answer(res));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let pages: Pages;
let receiver: Receiver;
let account: TestAccount;

beforeAll(async () => {
  pages = await startPages();
  receiver = await startReceiver();
});

testEnvironment(() => ({
  store: "redis",
  extra: {
    ALLOW_PRIVATE_ORIGINS: `${pages.origin},${receiver.origin}`,
    BROWSER_CONCURRENCY: "3",
    URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
    WEBHOOK_POLL_MS: "50",
  },
}));

beforeAll(async () => {
  account = await createTestAccount({ plan: "business" });
  // Every job's end goes to the account's default URL; this process sends the deliveries.
  const { setDefaultWebhookUrl } = await import("@/lib/webhooks/settings");
  await setDefaultWebhookUrl(account.userId, `${receiver.origin}/hooks`);
  const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  startWebhookDispatcher();
});

afterAll(async () => {
  await killWorkerInstances();
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
  const { stopWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  await stopWebhookDispatcher();
  await receiver?.close();
  await pages?.close();
});

async function rows(ids: string[]) {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ id: string; state: string; attempts: number; lease_owner: string | null; finished_at: Date | null }>(
    `SELECT id, state, attempts, lease_owner, finished_at, error FROM jobs WHERE id = ANY($1)`,
    [ids],
  );
  return rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function accept(count: number, page: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await postJob(account, {
      endpoint: "screenshot",
      params: { url: `${pages.origin}${page}?n=${i}-${Math.random()}`, width: 400, height: 300 },
    });
    expect(response.status).toBe(202);
    ids.push(((await response.json()) as JobBody).id);
  }
  return ids;
}

describe("an instance that dies with jobs queued", () => {
  // A re-run of a job cut off mid-render waits for the dead instance's render lock (D6's single
  // flight across instances) to lapse, up to 30 s: the harness's limit is raised for that.
  it("leaves no job behind: a new instance completes every one, each ended once", async () => {
    const first = await startWorker({ JOBS_CONCURRENCY: "2", JOBS_LEASE_SECONDS: "3" });
    const ids = await accept(6, "/held");
    // The first instance has claimed two jobs (the account's limit) and its Chromium is loading them.
    while (pages.held.length < 2) await sleep(50);
    const before = await rows(ids);
    expect(before.filter((r) => r.state === "running")).toHaveLength(2);
    expect(before.filter((r) => r.state === "queued")).toHaveLength(4);

    await first.kill();
    pages.release();
    const second = await startWorker({ JOBS_CONCURRENCY: "2", JOBS_LEASE_SECONDS: "3" });
    const ended: JobBody[] = [];
    for (const id of ids) ended.push(await waitForJob(account, id));
    expect(ended.map((job) => job.status)).toEqual(ids.map(() => "succeeded"));

    const after = await rows(ids);
    const owners = new Set(after.map((r) => r.lease_owner));
    expect(owners.size).toBe(1); // the second instance ended every one, including the two the first had started
    // The two cut off were run once more; the others once. Each has one end.
    expect(after.map((r) => r.attempts).sort()).toEqual([1, 1, 1, 1, 2, 2]);
    expect(after.every((r) => r.finished_at !== null)).toBe(true);
    // None announced twice: one webhook delivery, one webhook-id, per job.
    const hooksFor = (id: string) => receiver.received.filter((r) => JSON.parse(r.body).data?.id === id);
    await eventually(() => ids.every((id) => hooksFor(id).length > 0), "every job's webhook");
    for (const id of ids) expect(hooksFor(id)).toHaveLength(1);
    expect(new Set(ids.map((id) => hooksFor(id)[0].headers["webhook-id"])).size).toBe(ids.length);
    await second.stop();
  }, 120_000);
});

describe("two instances on one database and Redis", () => {
  it("run the jobs of one batch between them", async () => {
    const workers = await Promise.all([startWorker({ JOBS_CONCURRENCY: "1" }), startWorker({ JOBS_CONCURRENCY: "1" })]);
    const { POST } = await import("@/app/v1/jobs/bulk/route");
    const jobs = Array.from({ length: 6 }, (_, i) => ({
      endpoint: "screenshot",
      params: { url: `${pages.origin}/pair?n=${i}`, width: 400, height: 300 },
    }));
    const response = await POST(
      new Request("http://localhost:3000/v1/jobs/bulk", {
        method: "POST",
        headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({ jobs }),
      }),
    );
    expect(response.status).toBe(202);
    const batch = (await response.json()) as { jobs: JobBody[] };
    const ended: JobBody[] = [];
    for (const job of batch.jobs) ended.push(await waitForJob(account, job.id));
    expect(ended.map((job) => job.status)).toEqual(jobs.map(() => "succeeded"));
    const owners = new Set((await rows(batch.jobs.map((j) => j.id))).map((r) => r.lease_owner));
    expect(owners.size).toBe(2);
    await Promise.all(workers.map((w) => w.stop()));
  }, 120_000);
});
