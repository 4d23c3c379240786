/**
 * One account's bulk cannot starve the others (D20, issue 18 point 2): with three job slots in the
 * instance and JOBS_ACCOUNT_CONCURRENCY=2, an account whose batch of held pages would fill every
 * slot runs two at a time, and another account's job runs meanwhile. The batch's pages are held
 * by the test server until the other account's job has ended, so without the limit that job could
 * not start (every slot would be waiting on a held page) and the test would not end.
 * PostgreSQL, BullMQ on real Redis, real Chromium.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { postJob, waitForJob, type JobBody } from "./support";

const PAGE = "<!doctype html><title>job</title><p>job page</p>";

let server: http.Server;
let origin: string;
let released = false;
const held: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = () => res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
    if (req.url?.startsWith("/held") && !released) return void held.push(res);
    if (req.url?.startsWith("/held") || req.url?.startsWith("/free")) return answer();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

testEnvironment(() => ({
  store: "redis",
  extra: {
    ALLOW_PRIVATE_ORIGINS: origin,
    BROWSER_CONCURRENCY: "4",
    JOBS_CONCURRENCY: "3",
    JOBS_ACCOUNT_CONCURRENCY: "2",
  },
}));

beforeAll(async () => {
  const { startJobWorkers } = await import("@/lib/jobs/worker");
  await startJobWorkers();
});

afterAll(async () => {
  released = true;
  held.splice(0).forEach((res) => res.writeHead(200, { "content-type": "text/html" }).end(PAGE));
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("per-account concurrency", () => {
  it("runs another account's job while one account's batch holds its limit", async () => {
    const bulky = await createTestAccount({ plan: "business" });
    const other = await createTestAccount({ plan: "business" });
    const jobs = Array.from({ length: 5 }, (_, i) => ({
      endpoint: "screenshot",
      params: { url: `${origin}/held?n=${i}`, width: 400, height: 300 },
    }));
    const batch = (await (await postJob(bulky, { jobs }, "/v1/jobs/bulk")).json()) as { jobs: JobBody[] };
    while (held.length < 2) await sleep(50);

    const single = (await (
      await postJob(other, { endpoint: "screenshot", params: { url: `${origin}/free`, width: 400, height: 300 } })
    ).json()) as JobBody;
    expect((await waitForJob(other, single.id)).status).toBe("succeeded");

    // Meanwhile the batch never had more than its two running, the rest waiting.
    const { getPool } = await import("@/lib/db/pool");
    const states = (
      await (
        await getPool()
      ).query<{ state: string }>(`SELECT state FROM jobs WHERE batch_id IS NOT NULL AND user_id = $1`, [bulky.userId])
    ).rows.map((r) => r.state);
    expect(states.filter((s) => s === "running")).toHaveLength(2);
    expect(states.filter((s) => s === "queued")).toHaveLength(3);
    expect(held).toHaveLength(2);

    released = true;
    held.splice(0).forEach((res) => res.writeHead(200, { "content-type": "text/html" }).end(PAGE));
    for (const job of batch.jobs) expect((await waitForJob(bulky, job.id)).status).toBe("succeeded");
  });
});
