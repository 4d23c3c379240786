/**
 * Self-serve billing (D18): the Stripe webhook route applies a replayed event once, refuses a bad
 * signature without a change, and ignores events older than the state they would change.
 */
import { describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { TEST_STRIPE_PRICES as PRICES } from "@/tests/support/stripe-stand-in";
import { checkoutCompleted, event, nowS, planOf, post, subscription, v1Plan, stripeEnvironment } from "./support";

stripeEnvironment();

describe("Stripe webhook", () => {
  it("applies a replayed event once", async () => {
    const { changePlan } = await import("@/lib/accounts/plan-change");
    const { getDb } = await import("@/lib/db");
    const account = await createTestAccount({ plan: "free" });
    const evt = checkoutCompleted(account, "pro");
    expect(await (await post(evt)).json()).toMatchObject({ outcome: "applied" });
    await changePlan(account.userId, "starter"); // an operator's change in between
    expect(await (await post(evt)).json()).toMatchObject({ outcome: "duplicate" });
    expect(await planOf(account.userId)).toBe("starter");
    expect(await (await getDb()).stripeEvent.count({ where: { id: evt.id } })).toBe(1);
  });

  it("answers a bad signature with 400 and changes nothing", async () => {
    const { getDb } = await import("@/lib/db");
    const account = await createTestAccount({ plan: "free" });
    const evt = checkoutCompleted(account, "business");
    const res = await post(evt, { tamper: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid Stripe signature." });
    const { POST } = await import("@/app/api/stripe/webhook/route");
    const unsigned = await POST(
      new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", body: JSON.stringify(evt) }),
    );
    expect(unsigned.status).toBe(400);
    expect(await planOf(account.userId)).toBe("free");
    expect(await (await getDb()).stripeEvent.count({ where: { id: evt.id } })).toBe(0);
    expect(await (await getDb()).billingAccount.count({ where: { userId: account.userId } })).toBe(0);
  });

  it("ignores events that arrive after a newer state, and a deleted subscription stays deleted", async () => {
    const account = await createTestAccount({ plan: "free" });
    const t = nowS();
    await post(
      event("customer.subscription.updated", subscription(account, PRICES.STRIPE_PRICE_BUSINESS_MONTHLY), t - 100),
    );
    expect(await planOf(account.userId)).toBe("business");
    const late = await post(
      event("customer.subscription.updated", subscription(account, PRICES.STRIPE_PRICE_STARTER_MONTHLY), t - 200),
    );
    expect(await late.json()).toMatchObject({ outcome: "stale" });
    expect((await v1Plan(account.apiKey)).body.plan.id).toBe("business");
    const { getDb } = await import("@/lib/db");
    expect((await (await getDb()).user.findUniqueOrThrow({ where: { id: account.userId } })).scheduledPlan).toBeNull();

    await post(
      event(
        "customer.subscription.deleted",
        subscription(account, PRICES.STRIPE_PRICE_BUSINESS_MONTHLY, { status: "canceled" }),
        t - 50,
      ),
    );
    await post(
      event("customer.subscription.updated", subscription(account, PRICES.STRIPE_PRICE_BUSINESS_MONTHLY), t - 50),
    );
    expect((await v1Plan(account.apiKey)).body.plan.id).toBe("free");
  });
});
