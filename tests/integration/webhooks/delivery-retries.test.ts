/**
 * Signed webhooks (D20): a failing receiver is retried on the backoff schedule and every attempt
 * is logged; one event is one delivery with one webhook-id across retries; exhausted attempts end
 * as failed and can be sent again; an enqueue joins its caller's transaction.
 */
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { BASE_MS, MAX_ATTEMPTS, deliveryHarness } from "./harness";

const h = deliveryHarness();

describe("retries", () => {
  it("a receiver answering 500, 503, then 200 is retried with growing delays, one webhook-id throughout, each attempt logged", async () => {
    h.receiver.answers.push(500, 503);
    const id = (await h.webhooks.enqueueWebhook(h.job("r1")))!;

    await h.deliver.runWebhookDeliveries();
    let row = await h.deliveryRow(id);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    const firstDelay = row.nextAttemptAt!.getTime() - row.attemptsLog[0].startedAt.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(BASE_MS);
    // Not due yet: a pass now sends nothing.
    expect(await h.deliver.runWebhookDeliveries()).toBe(0);

    await h.deliver.runWebhookDeliveries({ asOf: row.nextAttemptAt! });
    row = await h.deliveryRow(id);
    expect(row).toMatchObject({ state: "pending", attempts: 2 });
    const secondDelay = row.nextAttemptAt!.getTime() - row.attemptsLog[1].startedAt.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(5 * BASE_MS);

    await h.deliver.runWebhookDeliveries({ asOf: row.nextAttemptAt! });
    row = await h.deliveryRow(id);
    expect(row).toMatchObject({ state: "delivered", attempts: 3, nextAttemptAt: null });
    expect(row.attemptsLog.map((a) => [a.attempt, a.statusCode, a.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    expect(row.attemptsLog[0].error).toBe("Answered 500");

    expect(h.receiver.received.map((r) => r.headers["webhook-id"])).toEqual([id, id, id]);
    expect(new Set(h.receiver.received.map((r) => r.body)).size).toBe(1);
    const { secret } = await h.settings.webhookSettings(h.account.userId);
    for (const r of h.receiver.received) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();

    // The dashboard's log shows the same attempts.
    const entry = (await h.log.recentDeliveries(h.account.userId)).find((d) => d.id === id);
    expect(entry?.attemptsLog.map((a) => a.statusCode)).toEqual([500, 503, 200]);
  });

  it("a redirect is not followed but counts as a failed attempt; attempts run out → failed; sent again on request", async () => {
    h.receiver.answers.push(302, 500, 500, 500);
    const id = (await h.webhooks.enqueueWebhook(h.job("exhaust")))!;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      const row = await h.deliveryRow(id);
      await h.deliver.runWebhookDeliveries({ asOf: row.nextAttemptAt ?? new Date() });
    }
    const row = await h.deliveryRow(id);
    expect(row).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(row.finishedAt).not.toBeNull();
    expect(row.attemptsLog[0]).toMatchObject({
      statusCode: 302,
      ok: false,
      error: "Answered 302: redirects are not followed",
    });
    expect(h.receiver.received).toHaveLength(MAX_ATTEMPTS); // the redirect's target (port 9) was never asked

    // Sent again from the dashboard: one more attempt under the same id, only by its own account.
    expect(await h.log.redeliver((await createTestAccount()).userId, id)).toBe(false);
    expect(await h.log.redeliver(h.account.userId, id)).toBe(true);
    expect(await h.log.redeliver(h.account.userId, id)).toBe(false); // pending now, not failed
    await h.deliver.runWebhookDeliveries();
    const again = await h.deliveryRow(id);
    expect(again).toMatchObject({ state: "delivered", attempts: MAX_ATTEMPTS + 1 });
    expect(again.attemptsLog.at(-1)).toMatchObject({ attempt: MAX_ATTEMPTS + 1, statusCode: 200, ok: true });
    expect(h.receiver.received.at(-1)?.headers["webhook-id"]).toBe(id);
    expect(await h.log.redeliver(h.account.userId, id)).toBe(false); // delivered
  });

  it("the same event enqueued twice is one delivery with one webhook-id", async () => {
    const first = await h.webhooks.enqueueWebhook(h.job("twice"));
    const second = await h.webhooks.enqueueWebhook({ ...h.job("twice"), data: { changed: true } });
    expect(second).toBe(first);
    expect(await h.db.webhookDelivery.count({ where: { id: first! } })).toBe(1);
    await h.deliver.runWebhookDeliveries();
    expect(h.receiver.received).toHaveLength(1);
    expect(JSON.parse(h.receiver.received[0].body).data.id).toBe("twice");
  });

  it("several deliveries of an account that never opened its settings are signed and sent in one pass", async () => {
    const fresh = await createTestAccount();
    const ids: Array<string | null> = [];
    for (const n of [1, 2, 3, 4])
      ids.push(
        await h.webhooks.enqueueWebhook({
          ...h.job(`fresh-${n}`),
          userId: fresh.userId,
          url: `${h.receiver.origin}/hooks`,
        }),
      );
    expect(await h.deliver.runWebhookDeliveries()).toBe(4);
    expect(await h.db.webhookDelivery.count({ where: { userId: fresh.userId, state: "delivered" } })).toBe(4);
    const { secret } = await h.settings.webhookSettings(fresh.userId);
    for (const r of h.receiver.received) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
    expect(h.receiver.received.map((r) => r.headers["webhook-id"]).sort()).toEqual(ids.sort());
  });

  it("enqueued inside the caller's transaction, it exists only if that commits", async () => {
    const pool = await (await import("@/lib/db/pool")).getPool();
    for (const outcome of ["ROLLBACK", "COMMIT"]) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await h.webhooks.enqueueWebhook(h.job(`tx-${outcome}`), client);
        await client.query(outcome);
      } finally {
        client.release();
      }
    }
    await h.deliver.runWebhookDeliveries();
    expect(h.receiver.received.map((r) => JSON.parse(r.body).data.id)).toEqual(["tx-COMMIT"]);
  });

  it("an account without a default URL and a job without one: nothing is recorded", async () => {
    const other = await createTestAccount();
    expect(await h.webhooks.enqueueWebhook({ ...h.job("none"), userId: other.userId })).toBeNull();
    expect(await h.db.webhookDelivery.count({ where: { userId: other.userId } })).toBe(0);
  });
});
