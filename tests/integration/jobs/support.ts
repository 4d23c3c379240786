/** Helpers for the async job tests (D20): accept, read and wait for jobs through the real routes. */
import { apiRequest, type TestAccount } from "@/tests/support/api";
import { afterAll, beforeAll } from "vitest";
import { type ScreenshotHarness, screenshotHarness } from "@/tests/support/screenshot-harness";
import { jobResponseSchema } from "@/lib/jobs/schema";
import { expectDocumented } from "@/tests/support/documented";

export interface JobBody {
  id: string;
  status: "queued" | "running" | "succeeded" | "failed";
  statusUrl: string;
  endpoint: string;
  resultUrl?: string;
  result?: Record<string, unknown>;
  error?: Record<string, unknown>;
  batchId?: string;
}

export async function postJob(account: TestAccount, body: unknown, path = "/v1/jobs"): Promise<Response> {
  const { POST } = path === "/v1/jobs" ? await import("@/app/v1/jobs/route") : await import("@/app/v1/jobs/bulk/route");
  return POST(
    new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

export async function getJob(account: TestAccount, id: string): Promise<Response> {
  const { GET } = await import("@/app/v1/jobs/[id]/route");
  return GET(apiRequest(`/v1/jobs/${id}`, { apiKey: account.apiKey }));
}

export async function getBatch(account: TestAccount, id: string): Promise<Response> {
  const { GET } = await import("@/app/v1/jobs/bulk/[id]/route");
  return GET(apiRequest(`/v1/jobs/bulk/${id}`, { apiKey: account.apiKey }));
}

/** How many jobs `userId` has recorded. */
export async function jobRows(userId: string): Promise<number> {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the job has ended (the test's own timeout bounds the wait, no clock of ours). */
export async function waitForJob(account: TestAccount, id: string): Promise<JobBody> {
  for (;;) {
    const response = await getJob(account, id);
    if (response.status !== 200) throw new Error(`GET /v1/jobs/${id}: ${response.status} ${await response.text()}`);
    const body = expectDocumented(jobResponseSchema, await response.json()) as JobBody;
    if (body.status === "succeeded" || body.status === "failed") return body;
    await sleep(250);
  }
}

/** The stored file behind a result URL, through the real /v1/files route. */
export async function fetchResultFile(resultUrl: string): Promise<Response> {
  const { GET } = await import("@/app/v1/files/[file]/route");
  const file = new URL(resultUrl).pathname.split("/").pop()!;
  return GET(new Request(resultUrl), { params: Promise.resolve({ file }) });
}

/**
 * Registers a harness whose jobs run: the screenshot harness on Redis, this process's job workers
 * and the webhook dispatcher (polling fast), pages and receivers allowed on the origins
 * `allowOrigins` gives (read in the harness's first hook: register the servers' hooks before).
 * The workers and the dispatcher stop before the harness.
 */
export function jobsHarness(allowOrigins: () => string[] = () => []): ScreenshotHarness {
  const h = screenshotHarness(() => ({
    env: {
      store: "redis",
      extra: { URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef", WEBHOOK_POLL_MS: "50" },
    },
    allowOrigins: allowOrigins(),
  }));
  beforeAll(async () => {
    const { startJobWorkers } = await import("@/lib/jobs/worker");
    await startJobWorkers();
    const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
    startWebhookDispatcher();
  });
  afterAll(async () => {
    const { stopJobWorkers } = await import("@/lib/jobs/worker");
    await stopJobWorkers();
    const { stopWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
    await stopWebhookDispatcher();
  });
  return h;
}
