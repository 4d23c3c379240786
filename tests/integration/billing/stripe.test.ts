/**
 * Self-serve billing (D18) end to end without Stripe: Checkout and Portal sessions against a local
 * stand-in for Stripe's API, exact parameters asserted. Webhook events are in
 * stripe-plan-changes.test.ts (the plan seen by /v1 on the next request) and
 * stripe-webhook-events.test.ts (replays, signatures, order). Real Postgres.
 */
import { describe, expect, it } from "vitest";
import { createTestAccount } from "@/tests/support/api";
import { TEST_STRIPE_PRICES as PRICES } from "@/tests/support/stripe-stand-in";
import { checkoutCompleted, event, nowS, post, subscription, stripeEnvironment } from "./support";

const stripe = stripeEnvironment();

describe("Checkout and Customer Portal sessions", () => {
  it("creates a subscription checkout with the plan's price and the account as reference", async () => {
    const { createCheckoutUrl } = await import("@/lib/billing/sessions");
    const account = await createTestAccount({ plan: "free" });
    const url = await createCheckoutUrl({ id: account.userId, email: account.email }, "pro", "yearly");
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const call = stripe.standIn.calls.at(-1)!;
    expect([call.method, call.path, call.authorization]).toEqual([
      "POST",
      "/v1/checkout/sessions",
      "Bearer sk_test_glance",
    ]);
    expect(call.params).toEqual({
      mode: "subscription",
      "line_items[0][price]": "price_pro_y",
      "line_items[0][quantity]": "1",
      client_reference_id: account.userId,
      customer_email: account.email,
      "metadata[userId]": account.userId,
      "metadata[plan]": "pro",
      "subscription_data[metadata][userId]": account.userId,
      "subscription_data[metadata][plan]": "pro",
      success_url: "http://localhost:3000/dashboard/billing?checkout=success",
      cancel_url: "http://localhost:3000/dashboard/billing?checkout=cancelled",
    });
  });

  it("opens the portal for the account's Stripe customer, and none for an account without one", async () => {
    const { createPortalUrl } = await import("@/lib/billing/sessions");
    const account = await createTestAccount({ plan: "free" });
    expect(await createPortalUrl(account.userId)).toBeUndefined();
    expect((await post(checkoutCompleted(account, "starter"))).status).toBe(200);
    const url = await createPortalUrl(account.userId);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_\d+$/);
    const call = stripe.standIn.calls.at(-1)!;
    expect([call.method, call.path]).toEqual(["POST", "/v1/billing_portal/sessions"]);
    expect(call.params).toEqual({
      customer: `cus_${account.userId}`,
      return_url: "http://localhost:3000/dashboard/billing",
    });
  });

  it("checks a returning customer out under the Stripe customer already linked, not a new one", async () => {
    const { createCheckoutUrl } = await import("@/lib/billing/sessions");
    const account = await createTestAccount({ plan: "free" });
    await post(checkoutCompleted(account, "starter", nowS() - 10));
    await post(
      event(
        "customer.subscription.deleted",
        subscription(account, PRICES.STRIPE_PRICE_STARTER_MONTHLY, { status: "canceled" }),
      ),
    );
    await createCheckoutUrl({ id: account.userId, email: account.email }, "business", "monthly");
    const call = stripe.standIn.calls.at(-1)!;
    expect(call.params.customer).toBe(`cus_${account.userId}`);
    expect(call.params.customer_email).toBeUndefined();
    expect(call.params["line_items[0][price]"]).toBe("price_business_m");
  });
});
