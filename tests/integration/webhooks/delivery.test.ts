/**
 * Signed webhooks (issue 18 point 3, D20) on real Postgres with a receiver on loopback: a delivery
 * verifies with the standardwebhooks library and with both docs snippets; a failing receiver is
 * retried on the backoff schedule and every attempt is logged; one event is one delivery with one
 * webhook-id across retries; a loopback URL that is not allow-listed is refused when saved and
 * when sent; exhausted attempts end as failed; the dispatcher delivers what was pending before a
 * restart, including a delivery whose instance died holding it.
 */
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { eventually, startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { verifyWithJavaScriptSnippet, verifyWithPythonSnippet } from "./snippet-runner";

const BASE_MS = 1_000;
const MAX_ATTEMPTS = 4;

let receiver: Receiver;
let outsider: Receiver; // listens on loopback but is not on ALLOW_PRIVATE_ORIGINS
let account: TestAccount;
let webhooks: typeof import("@/lib/webhooks/enqueue");
let settings: typeof import("@/lib/webhooks/settings");
let deliver: typeof import("@/lib/webhooks/deliver");
let dispatcher: typeof import("@/lib/webhooks/dispatcher");
let log: typeof import("@/lib/webhooks/log");
let db: Awaited<ReturnType<typeof import("@/lib/db").getDb>>;

beforeAll(async () => {
  receiver = await startReceiver();
  outsider = await startReceiver();
});

testEnvironment(() => ({
  extra: {
    URL_SIGNING_SECRET: "test-url-signing-secret-0123456789abcdef",
    ALLOW_PRIVATE_ORIGINS: receiver.origin,
    WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
    WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    WEBHOOK_POLL_MS: "20",
  },
}));

beforeAll(async () => {
  webhooks = await import("@/lib/webhooks/enqueue");
  settings = await import("@/lib/webhooks/settings");
  deliver = await import("@/lib/webhooks/deliver");
  dispatcher = await import("@/lib/webhooks/dispatcher");
  log = await import("@/lib/webhooks/log");
  db = await (await import("@/lib/db")).getDb();
  account = await createTestAccount();
  await settings.setDefaultWebhookUrl(account.userId, `${receiver.origin}/hooks`);
});

afterAll(async () => {
  await dispatcher?.stopWebhookDispatcher();
  await receiver?.close();
  await outsider?.close();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const job = (id: string) => ({
  userId: account.userId,
  type: "job.succeeded" as const,
  key: `job:${id}`,
  data: { id, status: "succeeded", resultUrl: `https://glance.test/v1/files/${id}.png` },
});

async function deliveryRow(id: string) {
  return db.webhookDelivery.findUniqueOrThrow({
    where: { id },
    include: { attemptsLog: { orderBy: { attempt: "asc" } } },
  });
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("a signed delivery", () => {
  it("arrives once, and verifies with the library and with the JavaScript and Python snippets of the docs", async () => {
    const id = await webhooks.enqueueWebhook(job("a1"));
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
    expect(await deliver.runWebhookDeliveries()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.path).toBe("/hooks");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["webhook-id"]).toBe(id);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const { secret } = await settings.webhookSettings(account.userId);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const event = { type: "job.succeeded", data: job("a1").data };
    expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject(event);
    const input = { secret, headers: got.headers, body: got.body };
    for (const verify of [verifyWithJavaScriptSnippet, verifyWithPythonSnippet]) {
      const verdict = await verify(input);
      expect(verdict, verify.name).toEqual({ ok: true, event: expect.objectContaining(event) });
      // The same snippet refuses a changed body, another secret and a replay of old headers.
      expect((await verify({ ...input, body: got.body.replace("a1", "a2") })).ok).toBe(false);
      expect((await verify({ ...input, secret: "whsec_" + Buffer.alloc(32, 7).toString("base64") })).ok).toBe(false);
      expect(
        (
          await verify({
            ...input,
            headers: { ...got.headers, "webhook-timestamp": String(Number(got.headers["webhook-timestamp"]) - 3600) },
          })
        ).ok,
      ).toBe(false);
    }

    const row = await deliveryRow(id!);
    expect(row).toMatchObject({ state: "delivered", attempts: 1, nextAttemptAt: null, leaseUntil: null });
    expect(row.attemptsLog).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, ok: true, error: null })]);
    expect(await deliver.runWebhookDeliveries()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it("after a roll, deliveries carry the new and the previous signature for a day, then the new one only", async () => {
    const { secret: old } = await settings.webhookSettings(account.userId);
    const rolled = await settings.rollWebhookSecret(account.userId);
    expect(rolled).not.toBe(old);
    expect((await settings.webhookSettings(account.userId)).previousSecretUntil).not.toBeNull();
    await webhooks.enqueueWebhook(job("roll"));
    await deliver.runWebhookDeliveries();
    const [during] = receiver.received;
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => new Webhook(rolled).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(old).verify(during.body, during.headers)).not.toThrow();
    // The docs' snippets accept either secret against the two signatures.
    for (const secret of [rolled, old]) {
      expect((await verifyWithJavaScriptSnippet({ secret, headers: during.headers, body: during.body })).ok).toBe(true);
      expect((await verifyWithPythonSnippet({ secret, headers: during.headers, body: during.body })).ok).toBe(true);
    }

    // A day later the previous secret no longer signs.
    await db.webhookSettings.update({
      where: { userId: account.userId },
      data: { secretRolledAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    expect((await settings.webhookSettings(account.userId)).previousSecretUntil).toBeNull();
    await webhooks.enqueueWebhook(job("roll-later"));
    await deliver.runWebhookDeliveries();
    const after = receiver.received[1];
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() => new Webhook(rolled).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(old).verify(after.body, after.headers)).toThrow();
  });
});

describe("retries", () => {
  it("a receiver answering 500, 503, then 200 is retried with growing delays, one webhook-id throughout, each attempt logged", async () => {
    receiver.answers.push(500, 503);
    const id = (await webhooks.enqueueWebhook(job("r1")))!;

    await deliver.runWebhookDeliveries();
    let row = await deliveryRow(id);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    const firstDelay = row.nextAttemptAt!.getTime() - row.attemptsLog[0].startedAt.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(BASE_MS);
    // Not due yet: a pass now sends nothing.
    expect(await deliver.runWebhookDeliveries()).toBe(0);

    await deliver.runWebhookDeliveries({ asOf: row.nextAttemptAt! });
    row = await deliveryRow(id);
    expect(row).toMatchObject({ state: "pending", attempts: 2 });
    const secondDelay = row.nextAttemptAt!.getTime() - row.attemptsLog[1].startedAt.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(5 * BASE_MS);

    await deliver.runWebhookDeliveries({ asOf: row.nextAttemptAt! });
    row = await deliveryRow(id);
    expect(row).toMatchObject({ state: "delivered", attempts: 3, nextAttemptAt: null });
    expect(row.attemptsLog.map((a) => [a.attempt, a.statusCode, a.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    expect(row.attemptsLog[0].error).toBe("Answered 500");

    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([id, id, id]);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const { secret } = await settings.webhookSettings(account.userId);
    for (const r of receiver.received) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();

    // The dashboard's log shows the same attempts.
    const entry = (await log.recentDeliveries(account.userId)).find((d) => d.id === id);
    expect(entry?.attemptsLog.map((a) => a.statusCode)).toEqual([500, 503, 200]);
  });

  it("a redirect is not followed but counts as a failed attempt; attempts run out → failed; sent again on request", async () => {
    receiver.answers.push(302, 500, 500, 500);
    const id = (await webhooks.enqueueWebhook(job("exhaust")))!;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      const row = await deliveryRow(id);
      await deliver.runWebhookDeliveries({ asOf: row.nextAttemptAt ?? new Date() });
    }
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(row.finishedAt).not.toBeNull();
    expect(row.attemptsLog[0]).toMatchObject({
      statusCode: 302,
      ok: false,
      error: "Answered 302: redirects are not followed",
    });
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS); // the redirect's target (port 9) was never asked

    // Sent again from the dashboard: one more attempt under the same id, only by its own account.
    expect(await log.redeliver((await createTestAccount()).userId, id)).toBe(false);
    expect(await log.redeliver(account.userId, id)).toBe(true);
    expect(await log.redeliver(account.userId, id)).toBe(false); // pending now, not failed
    await deliver.runWebhookDeliveries();
    const again = await deliveryRow(id);
    expect(again).toMatchObject({ state: "delivered", attempts: MAX_ATTEMPTS + 1 });
    expect(again.attemptsLog.at(-1)).toMatchObject({ attempt: MAX_ATTEMPTS + 1, statusCode: 200, ok: true });
    expect(receiver.received.at(-1)?.headers["webhook-id"]).toBe(id);
    expect(await log.redeliver(account.userId, id)).toBe(false); // delivered
  });

  it("the same event enqueued twice is one delivery with one webhook-id", async () => {
    const first = await webhooks.enqueueWebhook(job("twice"));
    const second = await webhooks.enqueueWebhook({ ...job("twice"), data: { changed: true } });
    expect(second).toBe(first);
    expect(await db.webhookDelivery.count({ where: { id: first! } })).toBe(1);
    await deliver.runWebhookDeliveries();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.id).toBe("twice");
  });

  it("several deliveries of an account that never opened its settings are signed and sent in one pass", async () => {
    const fresh = await createTestAccount();
    const ids: Array<string | null> = [];
    for (const n of [1, 2, 3, 4])
      ids.push(
        await webhooks.enqueueWebhook({ ...job(`fresh-${n}`), userId: fresh.userId, url: `${receiver.origin}/hooks` }),
      );
    expect(await deliver.runWebhookDeliveries()).toBe(4);
    expect(await db.webhookDelivery.count({ where: { userId: fresh.userId, state: "delivered" } })).toBe(4);
    const { secret } = await settings.webhookSettings(fresh.userId);
    for (const r of receiver.received) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
    expect(receiver.received.map((r) => r.headers["webhook-id"]).sort()).toEqual(ids.sort());
  });

  it("enqueued inside the caller's transaction, it exists only if that commits", async () => {
    const pool = await (await import("@/lib/db/pool")).getPool();
    for (const outcome of ["ROLLBACK", "COMMIT"]) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await webhooks.enqueueWebhook(job(`tx-${outcome}`), client);
        await client.query(outcome);
      } finally {
        client.release();
      }
    }
    await deliver.runWebhookDeliveries();
    expect(receiver.received.map((r) => JSON.parse(r.body).data.id)).toEqual(["tx-COMMIT"]);
  });

  it("an account without a default URL and a job without one: nothing is recorded", async () => {
    const other = await createTestAccount();
    expect(await webhooks.enqueueWebhook({ ...job("none"), userId: other.userId })).toBeNull();
    expect(await db.webhookDelivery.count({ where: { userId: other.userId } })).toBe(0);
  });
});

describe("target safety", () => {
  it("refuses non-public and malformed URLs when the default is saved", async () => {
    const other = await createTestAccount();
    for (const [url, code] of [
      [`${outsider.origin}/hooks`, "private_address"],
      ["http://localhost/hooks", "private_address"],
      ["http://[::1]:8080/", "private_address"],
      ["ftp://example.com/", "unsupported_url"],
      [`http://user:pw@${receiver.origin.slice(7)}/`, "unsupported_url"],
      ["not a url", "unsupported_url"],
    ] as const) {
      const error = await errorOf(settings.setDefaultWebhookUrl(other.userId, url));
      expect(error.code, url).toBe(code);
      expect(error.status).toBe(400);
    }
    expect((await settings.webhookSettings(other.userId)).url).toBeNull();
    expect(outsider.received).toHaveLength(0);
    // Clearing the default is allowed.
    expect(await settings.setDefaultWebhookUrl(other.userId, "")).toBeNull();
  });

  it("refuses a non-public address when sending, without retrying, and nothing reaches it", async () => {
    const id = (await webhooks.enqueueWebhook({ ...job("private"), url: `${outsider.origin}/hooks` }))!;
    await deliver.runWebhookDeliveries();
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ state: "failed", attempts: 1, nextAttemptAt: null });
    expect(row.attemptsLog[0]).toMatchObject({ statusCode: null, ok: false });
    expect(row.attemptsLog[0].error).toMatch(/^private_address/);
    expect(outsider.received).toHaveLength(0);
  });
});

describe("retention", () => {
  it("prunes finished deliveries past 30 days with their attempts, never a pending one", async () => {
    const { pruneWebhookLog } = await import("@/lib/webhooks/retention");
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    const rows = [
      { id: "msg_old_delivered", state: "delivered", finishedAt: old },
      { id: "msg_old_failed", state: "failed", finishedAt: old },
      { id: "msg_recent_delivered", state: "delivered", finishedAt: recent },
      { id: "msg_old_pending", state: "pending", finishedAt: null, nextAttemptAt: new Date(Date.now() + 86_400_000) },
    ];
    for (const row of rows) {
      await db.webhookDelivery.create({
        data: {
          userId: account.userId,
          eventType: "job.succeeded",
          url: "https://example.com/",
          body: "{}",
          createdAt: old,
          ...row,
        },
      });
      await db.webhookAttempt.create({
        data: { deliveryId: row.id, attempt: 1, startedAt: old, durationMs: 1, ok: row.state === "delivered" },
      });
    }
    expect(await pruneWebhookLog()).toBe(2);
    const left = await db.webhookDelivery.findMany({
      where: { id: { in: rows.map((r) => r.id) } },
      select: { id: true },
    });
    expect(left.map((r) => r.id).sort()).toEqual(["msg_old_pending", "msg_recent_delivered"]);
    expect(
      await db.webhookAttempt.count({ where: { deliveryId: { in: ["msg_old_delivered", "msg_old_failed"] } } }),
    ).toBe(0);
    await db.webhookDelivery.deleteMany({ where: { id: { in: ["msg_old_pending", "msg_recent_delivered"] } } });
  });
});

describe("the dispatcher", () => {
  it("delivers what was pending before a restart, including a delivery held by an instance that died", async () => {
    const ids: string[] = [];
    for (const n of ["p1", "p2", "p3"]) ids.push((await webhooks.enqueueWebhook(job(n)))!);
    // p2 was claimed by an instance that died before recording its attempt: its lease has run out.
    await db.webhookDelivery.update({ where: { id: ids[1] }, data: { leaseUntil: new Date(Date.now() - 1_000) } });
    // A "restart": a new connection pool, then the loop a starting instance runs.
    await (await import("@/lib/db")).disconnectDb();
    db = await (await import("@/lib/db")).getDb();
    dispatcher.startWebhookDispatcher();
    await eventually(
      async () => (await db.webhookDelivery.count({ where: { id: { in: ids }, state: "delivered" } })) === 3,
      "all three delivered",
    );
    expect(receiver.received.map((r) => r.headers["webhook-id"]).sort()).toEqual([...ids].sort());
  });

  it("retries a failing receiver on its own, on the schedule, until it answers 200", async () => {
    receiver.answers.push(500);
    const id = (await webhooks.enqueueWebhook(job("loop")))!;
    await eventually(async () => (await deliveryRow(id)).state === "delivered", "delivered after one retry");
    const row = await deliveryRow(id);
    expect(row.attemptsLog.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(row.attemptsLog[1].startedAt.getTime() - row.attemptsLog[0].startedAt.getTime()).toBeGreaterThanOrEqual(
      BASE_MS,
    );
  });
});
