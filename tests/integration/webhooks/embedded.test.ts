/**
 * Webhooks on the embedded default (D12, D20), which runs one transaction at a time: an event
 * enqueued inside the caller's transaction with the account's default URL does not wait on another
 * connection; deliveries of several accounts in one pass are signed, sent and recorded; a failing
 * receiver is retried and the attempts are logged.
 */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

testEnvironment(() => ({
  database: "embedded",
  extra: {
    URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
    ALLOW_PRIVATE_ORIGINS: receiver.origin,
    WEBHOOK_RETRY_BASE_MS: "1000",
  },
}));

afterAll(async () => {
  await receiver?.close();
});

it("enqueues inside a transaction, delivers several accounts' events in one pass, retries a failure", async () => {
  const { enqueueWebhook } = await import("@/lib/webhooks/enqueue");
  const { runWebhookDeliveries } = await import("@/lib/webhooks/deliver");
  const { setDefaultWebhookUrl, webhookSettings } = await import("@/lib/webhooks/settings");
  const { getDb } = await import("@/lib/db");
  const { getPool } = await import("@/lib/db/pool");
  const accounts = [await createTestAccount(), await createTestAccount()];
  for (const a of accounts) await setDefaultWebhookUrl(a.userId, `${receiver.origin}/hooks`);

  // The default URL is looked up through the transaction's own client.
  const client = await (await getPool()).connect();
  const ids: string[] = [];
  try {
    await client.query("BEGIN");
    for (const [n, a] of accounts.entries()) {
      for (const k of [1, 2])
        ids.push(
          (await enqueueWebhook(
            { userId: a.userId, type: "job.succeeded", key: `job:${n}-${k}`, data: { n, k } },
            client,
          ))!,
        );
    }
    await client.query("COMMIT");
  } finally {
    client.release();
  }

  receiver.answers.push(500);
  expect(await runWebhookDeliveries()).toBe(4);
  const db = await getDb();
  const pending = await db.webhookDelivery.findMany({ where: { state: "pending" } });
  expect(pending).toHaveLength(1);
  await runWebhookDeliveries({ asOf: pending[0].nextAttemptAt! });
  expect(await db.webhookDelivery.count({ where: { id: { in: ids }, state: "delivered" } })).toBe(4);
  expect(
    (await db.webhookAttempt.findMany({ where: { deliveryId: pending[0].id }, orderBy: { attempt: "asc" } })).map(
      (a) => a.statusCode,
    ),
  ).toEqual([500, 200]);

  expect(receiver.received).toHaveLength(5);
  const secrets = new Map(
    await Promise.all(accounts.map(async (a) => [a.userId, (await webhookSettings(a.userId)).secret] as const)),
  );
  for (const r of receiver.received) {
    const owner = (await db.webhookDelivery.findUniqueOrThrow({ where: { id: r.headers["webhook-id"] } })).userId;
    expect(() => new Webhook(secrets.get(owner)!).verify(r.body, r.headers)).not.toThrow();
  }
});
