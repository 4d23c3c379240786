/**
 * Billing in the end-to-end environment (D18): what the harness's Stripe stand-in was asked, and
 * webhook events as Stripe sends them, signed with the stripe library's own test-header helper
 * under the e2e webhook secret and posted to the app's real route.
 */
import Stripe from "stripe";
import { checkoutSession, nowSeconds, stripeEvent, subscriptionObject } from "../../support/stripe-events";
import type { RecordedStripeCall } from "../../support/stripe-stand-in";
import { e2e } from "./ports";

const signer = new Stripe("sk_test_e2e_signer").webhooks;

export async function stripeCalls(): Promise<RecordedStripeCall[]> {
  const response = await fetch(`${e2e.controlUrl}/stripe-calls`);
  if (!response.ok) throw new Error(`harness answered ${response.status}`);
  return (await response.json()) as RecordedStripeCall[];
}

/** Posts a signed event to /api/stripe/webhook and returns the app's answer. */
async function sendStripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = nowSeconds(),
): Promise<{ status: number; body: unknown }> {
  const event = stripeEvent(type, object, created);
  const payload = JSON.stringify(event);
  const header = signer.generateTestHeaderString({ payload, secret: e2e.stripeWebhookSecret });
  const response = await fetch(`${e2e.appUrl}/api/stripe/webhook`, {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": header, "content-type": "application/json" },
  });
  return { status: response.status, body: await response.json() };
}

/** What Stripe sends when `userId` finished checkout for `plan`: the customer and subscription get linked. */
export function checkoutCompleted(userId: string, plan: string) {
  return sendStripeEvent("checkout.session.completed", checkoutSession(userId, plan));
}

/** A subscription event for `userId` at `price` (one of e2e.stripePrices). */
export function subscriptionEvent(
  type: "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted",
  userId: string,
  price: string,
  status = "active",
) {
  return sendStripeEvent(type, subscriptionObject(userId, price, { status }));
}
