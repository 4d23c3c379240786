/** Helpers for the monitor tests (D27): the real /v1/monitors routes, called in-process with a key. */
import { afterAll, beforeAll } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { type ChangingPages, startChangingPages } from "@/tests/support/changing-pages";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { type Receiver, startReceiver } from "@/tests/support/webhook-receiver";
import { runResponseSchema } from "@/lib/monitors/schema";
import { expectDocumented } from "@/tests/support/documented";

export interface RunBody {
  id: string;
  monitorId: string;
  status: "queued" | "running" | "succeeded" | "failed";
  trigger: "schedule" | "manual";
  scheduledFor: string | null;
  result?: {
    changed: boolean;
    changedRatio?: number;
    boxes?: Array<{ x: number; y: number; width: number; height: number }>;
    imageUrl: string;
    diffImageUrl?: string;
    baselineImageUrl?: string;
    baselineUpdated: boolean;
  };
  error?: Record<string, unknown>;
}

export interface MonitorBody {
  id: string;
  status: "active" | "paused";
  url: string;
  firstRun?: RunBody;
  [field: string]: unknown;
}

function request(path: string, account: TestAccount, method = "GET", body?: unknown): Request {
  return new Request(`http://localhost:3000${path}`, {
    method,
    headers: { "X-API-Key": account.apiKey, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

export async function createMonitor(account: TestAccount, body: Record<string, unknown>): Promise<Response> {
  const { POST } = await import("@/app/v1/monitors/route");
  return POST(request("/v1/monitors", account, "POST", body));
}

export async function monitorCall(
  account: TestAccount,
  id: string,
  method: "GET" | "PATCH" | "DELETE",
  body?: unknown,
): Promise<Response> {
  const route = await import("@/app/v1/monitors/[id]/route");
  return route[method](request(`/v1/monitors/${id}`, account, method, body));
}

export async function runNow(account: TestAccount, id: string): Promise<Response> {
  const { POST } = await import("@/app/v1/monitors/[id]/run/route");
  return POST(request(`/v1/monitors/${id}/run`, account, "POST"));
}

export async function listRuns(account: TestAccount, id: string): Promise<Response> {
  const { GET } = await import("@/app/v1/monitors/[id]/runs/route");
  return GET(request(`/v1/monitors/${id}/runs`, account));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the monitor's runs until run `id` has ended (the test's timeout bounds the wait). */
export async function waitForRun(account: TestAccount, monitorId: string, id: string): Promise<RunBody> {
  for (;;) {
    const response = await listRuns(account, monitorId);
    if (response.status !== 200) throw new Error(`runs: ${response.status} ${await response.text()}`);
    const run = ((await response.json()) as { runs: RunBody[] }).runs.find((r) => r.id === id);
    if (run && (run.status === "succeeded" || run.status === "failed"))
      return expectDocumented(runResponseSchema, run) as RunBody;
    await sleep(200);
  }
}

export async function expectStatus(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The bytes behind a files URL, through the real /v1/files route (null when it is gone). */
export async function fileBytes(url: string): Promise<Buffer | null> {
  const { GET } = await import("@/app/v1/files/[file]/route");
  const file = new URL(url).pathname.split("/").pop()!;
  const response = await GET(new Request(url), { params: Promise.resolve({ file }) });
  return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null;
}

export interface MonitorWorld {
  readonly pages: ChangingPages;
  readonly receiver: Receiver;
  readonly account: TestAccount;
}

/**
 * The set-up of a file that runs monitors in this process (its job workers and schedule) against
 * pages that change on request, with a webhook receiver and a Business account: registers the
 * file's hooks in the order they must run (the servers before the environment that allows their
 * origins) and answers what they made.
 */
export function monitorWorld(moreOrigins: () => string[] = () => []): MonitorWorld {
  let pages: ChangingPages | undefined;
  let receiver: Receiver | undefined;
  let account: TestAccount | undefined;
  beforeAll(async () => {
    pages = await startChangingPages();
    receiver = await startReceiver();
  });
  testEnvironment(() => ({
    store: "redis",
    extra: {
      ALLOW_PRIVATE_ORIGINS: [pages!.origin, receiver!.origin, ...moreOrigins()].join(","),
      BROWSER_CONCURRENCY: "2",
      URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
      WEBHOOK_POLL_MS: "50",
      MONITOR_POLL_MS: "200",
    },
  }));
  beforeAll(async () => {
    account = await createTestAccount({ plan: "business" });
    const { startMonitoring } = await import("@/lib/monitors/start");
    await startMonitoring();
    const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
    startWebhookDispatcher();
  });
  afterAll(async () => {
    const { stopMonitoring } = await import("@/lib/monitors/start");
    await stopMonitoring();
    const { shutdownBrowsers } = await import("@/lib/browser");
    await shutdownBrowsers();
    await receiver?.close();
    await pages?.close();
  });
  return {
    get pages() {
      return madeInBeforeAll(pages, "the changing pages");
    },
    get receiver() {
      return madeInBeforeAll(receiver, "the webhook receiver");
    },
    get account() {
      return madeInBeforeAll(account, "the account");
    },
  };
}
