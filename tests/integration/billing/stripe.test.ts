/**
 * Self-serve billing (D18) end to end without Stripe: Checkout and Portal sessions against a local
 * stand-in for Stripe's API (exact parameters asserted), webhook events signed with the stripe
 * library's own test-header helper and posted to the real route, and the plan seen by /v1 on the
 * next request. Real Postgres; the OG image is rendered for real.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { startStripeStandIn, TEST_STRIPE_PRICES as PRICES, type StripeStandIn } from "@/tests/support/stripe-stand-in";

const SECRET = "whsec_test_glance";
const signer = new Stripe("sk_test_signer").webhooks;
const DAY = 86_400;

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
testEnvironment(() => ({
  extra: { STRIPE_SECRET_KEY: "sk_test_glance", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: standIn.url, ...PRICES },
}));
afterAll(async () => {
  await standIn?.close();
});

let nextId = 0;
const nowS = () => Math.floor(Date.now() / 1000);

function event(type: string, object: Record<string, unknown>, created = nowS()) {
  nextId += 1;
  return {
    id: `evt_${nextId}_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    api_version: null,
    request: null,
    data: { object },
  };
}

function subscription(
  account: TestAccount,
  price: string,
  o: { status?: string; periodEnd?: number; id?: string } = {},
) {
  return {
    id: o.id ?? `sub_${account.userId}`,
    object: "subscription",
    customer: `cus_${account.userId}`,
    status: o.status ?? "active",
    cancel_at_period_end: false,
    metadata: { userId: account.userId },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          object: "subscription_item",
          price: { id: price, object: "price" },
          current_period_end: o.periodEnd ?? nowS() + 30 * DAY,
        },
      ],
    },
  };
}

function checkoutCompleted(account: TestAccount, plan: string, created?: number) {
  return event(
    "checkout.session.completed",
    {
      id: `cs_${account.userId}`,
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: account.userId,
      customer: `cus_${account.userId}`,
      subscription: `sub_${account.userId}`,
      metadata: { userId: account.userId, plan },
    },
    created,
  );
}

async function post(evt: object, options: { tamper?: boolean } = {}) {
  const { POST } = await import("@/app/api/stripe/webhook/route");
  const payload = JSON.stringify(evt);
  const header = signer.generateTestHeaderString({ payload, secret: SECRET });
  const body = options.tamper ? payload.replace('"active"', '"canceled"').replace("plan", "plan ") : payload;
  return POST(
    new Request("http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      body,
      headers: { "stripe-signature": header, "content-type": "application/json" },
    }),
  );
}

async function planOf(userId: string) {
  const { getDb } = await import("@/lib/db");
  return (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId } })).plan;
}

async function v1Plan(apiKey: string) {
  const { GET } = await import("@/app/v1/usage/route");
  const res = await GET(apiRequest("/v1/usage", { apiKey }));
  return { res, body: res.status === 200 ? await res.json() : await problemOf(res) };
}

/** The period end moves past: what Stripe's clock would do. */
async function periodEnds(userId: string) {
  const { getDb } = await import("@/lib/db");
  await (await getDb()).user.update({ where: { id: userId }, data: { scheduledPlanAt: new Date(Date.now() - 1000) } });
}

describe("Checkout and Customer Portal sessions", () => {
  it("creates a subscription checkout with the plan's price and the account as reference", async () => {
    const { createCheckoutUrl } = await import("@/lib/billing/sessions");
    const account = await createTestAccount({ plan: "free" });
    const url = await createCheckoutUrl({ id: account.userId, email: account.email }, "pro", "yearly");
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const call = standIn.calls.at(-1)!;
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
    const call = standIn.calls.at(-1)!;
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
    const call = standIn.calls.at(-1)!;
    expect(call.params.customer).toBe(`cus_${account.userId}`);
    expect(call.params.customer_email).toBeUndefined();
    expect(call.params["line_items[0][price]"]).toBe("price_business_m");
  });
});

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
    const { keepKeys } = await import("@/lib/billing/plan-change");
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

  it("applies a replayed event once", async () => {
    const { changePlan } = await import("@/lib/billing/plan-change");
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
