/**
 * Signed webhooks (D20): old finished deliveries are pruned, and the dispatcher delivers what was
 * pending before a restart, including a delivery whose instance died holding it, and retries on
 * its own.
 */
import { describe, expect, it } from "vitest";
import { eventually } from "@/tests/support/webhook-receiver";
import { BASE_MS, deliveryHarness } from "./harness";

const h = deliveryHarness();

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
      await h.db.webhookDelivery.create({
        data: {
          userId: h.account.userId,
          eventType: "job.succeeded",
          url: "https://example.com/",
          body: "{}",
          createdAt: old,
          ...row,
        },
      });
      await h.db.webhookAttempt.create({
        data: { deliveryId: row.id, attempt: 1, startedAt: old, durationMs: 1, ok: row.state === "delivered" },
      });
    }
    expect(await pruneWebhookLog()).toBe(2);
    const left = await h.db.webhookDelivery.findMany({
      where: { id: { in: rows.map((r) => r.id) } },
      select: { id: true },
    });
    expect(left.map((r) => r.id).sort()).toEqual(["msg_old_pending", "msg_recent_delivered"]);
    expect(
      await h.db.webhookAttempt.count({ where: { deliveryId: { in: ["msg_old_delivered", "msg_old_failed"] } } }),
    ).toBe(0);
    await h.db.webhookDelivery.deleteMany({ where: { id: { in: ["msg_old_pending", "msg_recent_delivered"] } } });
  });
});

describe("the dispatcher", () => {
  it("delivers what was pending before a restart, including a delivery held by an instance that died", async () => {
    const ids: string[] = [];
    for (const n of ["p1", "p2", "p3"]) ids.push((await h.webhooks.enqueueWebhook(h.job(n)))!);
    // p2 was claimed by an instance that died before recording its attempt: its lease has run out.
    await h.db.webhookDelivery.update({ where: { id: ids[1] }, data: { leaseUntil: new Date(Date.now() - 1_000) } });
    // A "restart": a new connection pool, then the loop a starting instance runs.
    await (await import("@/lib/db")).disconnectDb();
    h.db = await (await import("@/lib/db")).getDb();
    h.dispatcher.startWebhookDispatcher();
    await eventually(
      async () => (await h.db.webhookDelivery.count({ where: { id: { in: ids }, state: "delivered" } })) === 3,
      "all three delivered",
    );
    expect(h.receiver.received.map((r) => r.headers["webhook-id"]).sort()).toEqual([...ids].sort());
  });

  it("retries a failing receiver on its own, on the schedule, until it answers 200", async () => {
    h.receiver.answers.push(500);
    const id = (await h.webhooks.enqueueWebhook(h.job("loop")))!;
    await eventually(async () => (await h.deliveryRow(id)).state === "delivered", "delivered after one retry");
    const row = await h.deliveryRow(id);
    expect(row.attemptsLog.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(row.attemptsLog[1].startedAt.getTime() - row.attemptsLog[0].startedAt.getTime()).toBeGreaterThanOrEqual(
      BASE_MS,
    );
  });
});
