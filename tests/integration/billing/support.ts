/**
 * What the Stripe billing files share (D18): the file's environment pointed at a local stand-in
 * for Stripe's API (tests/support/stripe-stand-in.ts), and webhook events built as Stripe sends
 * them, signed with the stripe library's own test-header helper and posted to the real route.
 */
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { apiRequest, problemOf, type TestAccount } from "@/tests/support/api";
import { checkoutSession, stripeEvent, subscriptionObject } from "@/tests/support/stripe-events";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { startStripeStandIn, TEST_STRIPE_PRICES as PRICES, type StripeStandIn } from "@/tests/support/stripe-stand-in";

const SECRET = "whsec_test_glance";
const signer = new Stripe("sk_test_signer").webhooks;
export const DAY = 86_400;

/** Registers the stand-in and the environment (at the top of a file); `standIn` is there in tests. */
export function stripeEnvironment(): { readonly standIn: StripeStandIn } {
  let standIn: StripeStandIn | undefined;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  testEnvironment(() => ({
    extra: {
      STRIPE_SECRET_KEY: "sk_test_glance",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: standIn!.url,
      ...PRICES,
    },
  }));
  afterAll(async () => {
    await standIn?.close();
  });
  return {
    get standIn() {
      return madeInBeforeAll(standIn, "the Stripe stand-in");
    },
  };
}

/** Kept under the names the billing tests use. */
export { nowSeconds as nowS, stripeEvent as event } from "@/tests/support/stripe-events";

export function subscription(
  account: TestAccount,
  price: string,
  o: { status?: string; periodEnd?: number; id?: string } = {},
) {
  return subscriptionObject(account.userId, price, o);
}

export function checkoutCompleted(account: TestAccount, plan: string, created?: number) {
  return stripeEvent("checkout.session.completed", checkoutSession(account.userId, plan), created);
}

export async function post(evt: object, options: { tamper?: boolean } = {}) {
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

export async function planOf(userId: string) {
  const { getDb } = await import("@/lib/db");
  return (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId } })).plan;
}

export async function v1Plan(apiKey: string) {
  const { GET } = await import("@/app/v1/usage/route");
  const res = await GET(apiRequest("/v1/usage", { apiKey }));
  return { res, body: res.status === 200 ? await res.json() : await problemOf(res) };
}

/** The period end moves past: what Stripe's clock would do. */
export async function periodEnds(userId: string) {
  const { getDb } = await import("@/lib/db");
  await (await getDb()).user.update({ where: { id: userId }, data: { scheduledPlanAt: new Date(Date.now() - 1000) } });
}
