/**
 * The set-up the webhook delivery files share (issue 18 point 3, D20): a receiver on loopback
 * that is allow-listed and one (`outsider`) that is not, a file environment with short retry
 * delays, the webhook modules, and an account whose default URL is the receiver.
 * `const h = deliveryHarness()` at the top of a file registers the hooks; the receivers' records
 * are emptied before each test.
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";

export const BASE_MS = 1_000;
export const MAX_ATTEMPTS = 4;

type Db = Awaited<ReturnType<typeof import("@/lib/db").getDb>>;

interface Made {
  account: TestAccount;
  webhooks: typeof import("@/lib/webhooks/enqueue");
  settings: typeof import("@/lib/webhooks/settings");
  deliver: typeof import("@/lib/webhooks/deliver");
  dispatcher: typeof import("@/lib/webhooks/dispatcher");
  log: typeof import("@/lib/webhooks/log");
  db: Db;
}

export function deliveryHarness() {
  let receiver: Receiver | undefined;
  let outsider: Receiver | undefined; // listens on loopback but is not on ALLOW_PRIVATE_ORIGINS
  let made: Made | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
    outsider = await startReceiver();
  });

  testEnvironment(() => ({
    extra: {
      URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
      ALLOW_PRIVATE_ORIGINS: receiver!.origin,
      WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
      WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      WEBHOOK_POLL_MS: "20",
    },
  }));

  beforeAll(async () => {
    made = {
      webhooks: await import("@/lib/webhooks/enqueue"),
      settings: await import("@/lib/webhooks/settings"),
      deliver: await import("@/lib/webhooks/deliver"),
      dispatcher: await import("@/lib/webhooks/dispatcher"),
      log: await import("@/lib/webhooks/log"),
      db: await (await import("@/lib/db")).getDb(),
      account: await createTestAccount(),
    };
    await made.settings.setDefaultWebhookUrl(made.account.userId, `${receiver!.origin}/hooks`);
  });

  afterAll(async () => {
    await made?.dispatcher.stopWebhookDispatcher();
    await receiver?.close();
    await outsider?.close();
  });

  beforeEach(() => {
    receiver!.received.length = 0;
    receiver!.answers.length = 0;
  });

  const get = () => madeInBeforeAll(made, "the webhook delivery harness");
  const h = {
    get receiver() {
      return madeInBeforeAll(receiver, "the webhook receiver");
    },
    get outsider() {
      return madeInBeforeAll(outsider, "the outside receiver");
    },
    get account() {
      return get().account;
    },
    get webhooks() {
      return get().webhooks;
    },
    get settings() {
      return get().settings;
    },
    get deliver() {
      return get().deliver;
    },
    get dispatcher() {
      return get().dispatcher;
    },
    get log() {
      return get().log;
    },
    /** The Prisma client; a test that reconnects (a "restart") sets the new one here. */
    get db() {
      return get().db;
    },
    set db(db: Db) {
      get().db = db;
    },
    /** A job.succeeded event of the harness's account, keyed by the job id. */
    job: (id: string) => ({
      userId: get().account.userId,
      type: "job.succeeded" as const,
      key: `job:${id}`,
      data: { id, status: "succeeded", resultUrl: `https://glance.test/v1/files/${id}.png` },
    }),
    /** A delivery with its attempts, oldest first. */
    deliveryRow: (id: string) =>
      get().db.webhookDelivery.findUniqueOrThrow({
        where: { id },
        include: { attemptsLog: { orderBy: { attempt: "asc" } } },
      }),
  };
  return h;
}

/** The ApiError `promise` rejects with (and that it does reject with one). */
export async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
