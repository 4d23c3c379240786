/**
 * Self-serve billing (D18): Stripe webhook events, signed and posted to the real route, change the
 * plan seen by /v1 on the next request (upgrade at once, downgrade at the period's end, cancel,
 * the payment grace period). Real Postgres; the OG image is rendered for real.
 */
import { describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { TEST_STRIPE_PRICES as PRICES } from "@/tests/support/stripe-stand-in";
import {
  DAY,
  checkoutCompleted,
  event,
  nowS,
  periodEnds,
  planOf,
  post,
  subscription,
  v1Plan,
  stripeEnvironment,
} from "./support";

stripeEnvironment();

describe("Stripe webhook", () => {
  it("upgrades at once: the next /v1/og request renders on Pro", async () => {
    const { GET: og } = await import("@/app/v1/og/route");
    const account = await createTestAccount({ plan: "free" });
    const before = await og(apiRequest("/v1/og?template=default&title=Hello", { apiKey: account.apiKey }));
    expect((await problemOf(before)).code).toBe("plan_upgrade_required");

    const res = await post(checkoutCompleted(account, "pro"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "applied" });
    const after = await og(apiRequest("/v1/og?template=default&title=Hello", { apiKey: account.apiKey }));
    expect(after.status).toBe(200);
    expect(after.headers.get("content-type")).toBe("image/png");
    expect(after.headers.get("x-quota-limit")).toBe("10000");
  });

  it("downgrades at the end of the paid period, pausing the newest keys beyond the limit until the customer chooses", async () => {
    const { createApiKey } = await import("@/lib/keys/service");
    const { keepKeys } = await import("@/lib/accounts/plan-change");
    const account = await createTestAccount({ plan: "free" });
    await post(checkoutCompleted(account, "pro", nowS() - 20));
    await post(
      event("customer.subscription.updated", subscription(account, PRICES.STRIPE_PRICE_PRO_MONTHLY), nowS() - 10),
    );
    const extra = [];
    for (let i = 0; i < 6; i++) extra.push(await createApiKey(account.userId, `key ${i}`));

    await post(event("customer.subscription.updated", subscription(account, PRICES.STRIPE_PRICE_STARTER_MONTHLY)));
    expect(await planOf(account.userId)).toBe("pro");
    expect((await v1Plan(account.apiKey)).body.plan.id).toBe("pro");

    await periodEnds(account.userId);
    const { body } = await v1Plan(account.apiKey);
    expect(body.plan.id).toBe("starter");
    // Starter allows 5 keys: the first 5 of the 7 stay, the 2 newest are paused, none revoked.
    const newest = await v1Plan(extra[5].key);
    expect(newest.res.status).toBe(401);
    expect(newest.body).toMatchObject({
      code: "api_key_paused",
      detail: expect.stringContaining("Starter plan allows 5 active keys"),
    });
    expect((await v1Plan(extra[3].key)).res.status).toBe(200);
    const { getDb } = await import("@/lib/db");
    const keys = await (await getDb()).apiKey.findMany({ where: { userId: account.userId } });
    expect(keys.filter((k) => k.revokedAt)).toEqual([]);
    expect(
      keys
        .filter((k) => k.pausedAt)
        .map((k) => k.name)
        .sort(),
    ).toEqual(["key 4", "key 5"]);

    // The customer keeps the newest key instead of the first one.
    await keepKeys(account.userId, [
      extra[5].apiKey.id,
      extra[0].apiKey.id,
      extra[1].apiKey.id,
      extra[2].apiKey.id,
      extra[3].apiKey.id,
    ]);
    expect((await v1Plan(extra[5].key)).res.status).toBe(200);
    expect((await v1Plan(account.apiKey)).body.code).toBe("api_key_paused");
  });

  it("cancels to Free at once when the subscription is deleted", async () => {
    const account = await createTestAccount({ plan: "free" });
    await post(checkoutCompleted(account, "business", nowS() - 5));
    expect(await planOf(account.userId)).toBe("business");
    await post(
      event(
        "customer.subscription.deleted",
        subscription(account, PRICES.STRIPE_PRICE_BUSINESS_YEARLY, { status: "canceled" }),
      ),
    );
    const { res, body } = await v1Plan(account.apiKey);
    expect(body.plan.id).toBe("free");
    expect(res.headers.get("ratelimit-limit")).toBe("10");
  });

  it("keeps the plan through the grace period after a failed payment, then falls back to Free", async () => {
    const { PAYMENT_GRACE_DAYS } = await import("@/lib/billing/subscription-state");
    const recent = await createTestAccount({ plan: "free" });
    await post(checkoutCompleted(recent, "pro", nowS() - 5));
    await post(event("invoice.payment_failed", { id: "in_1", object: "invoice", customer: `cus_${recent.userId}` }));
    expect((await v1Plan(recent.apiKey)).body.plan.id).toBe("pro");

    const lapsed = await createTestAccount({ plan: "free" });
    await post(checkoutCompleted(lapsed, "pro", nowS() - (PAYMENT_GRACE_DAYS + 2) * DAY));
    await post(
      event(
        "invoice.payment_failed",
        { id: "in_2", object: "invoice", customer: `cus_${lapsed.userId}` },
        nowS() - (PAYMENT_GRACE_DAYS + 1) * DAY,
      ),
    );
    expect((await v1Plan(lapsed.apiKey)).body.plan.id).toBe("free");
  });

  it("keeps the plan when the payment is fixed within the grace period", async () => {
    const { getDb } = await import("@/lib/db");
    const account = await createTestAccount({ plan: "free" });
    await post(checkoutCompleted(account, "pro", nowS() - 30));
    await post(
      event(
        "invoice.payment_failed",
        { id: "in_3", object: "invoice", customer: `cus_${account.userId}` },
        nowS() - 20,
      ),
    );
    await post(
      event(
        "customer.subscription.updated",
        subscription(account, PRICES.STRIPE_PRICE_PRO_MONTHLY, { status: "past_due" }),
        nowS() - 15,
      ),
    );
    const failing = await (await getDb()).user.findUniqueOrThrow({ where: { id: account.userId } });
    expect([failing.plan, failing.scheduledPlan]).toEqual(["pro", "free"]);

    await post(
      event("customer.subscription.updated", subscription(account, PRICES.STRIPE_PRICE_PRO_MONTHLY), nowS() - 5),
    );
    const paid = await (
      await getDb()
    ).user.findUniqueOrThrow({ where: { id: account.userId }, include: { billing: true } });
    expect([paid.plan, paid.scheduledPlan, paid.billing?.paymentFailedAt]).toEqual(["pro", null, null]);
    await periodEnds(account.userId); // nothing scheduled any more: the clock moving on changes nothing
    expect((await v1Plan(account.apiKey)).body.plan.id).toBe("pro");
  });
});
