/**
 * Stripe webhook events as Stripe sends them (the envelope, and the objects the app reads), for
 * the billing tests: the integration tests post them to the route handler, the end-to-end ones to
 * the production server (D18). Signing is each caller's: they sign under different secrets.
 */

let sequence = 0;

/** Stripe's timestamps are whole seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An event of `type` about `object`, with an id no other event in the run has. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = nowSeconds()) {
  sequence += 1;
  return {
    id: `evt_${sequence}_${Math.random().toString(36).slice(2)}`,
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

/** The Checkout Session of `userId` buying `plan`: what links their customer and subscription. */
export function checkoutSession(userId: string, plan: string): Record<string, unknown> {
  return {
    id: `cs_${userId}`,
    object: "checkout.session",
    mode: "subscription",
    client_reference_id: userId,
    customer: `cus_${userId}`,
    subscription: `sub_${userId}`,
    metadata: { userId, plan },
  };
}

/**
 * The subscription of `userId` at `price`: active with one item, its period ending in 30 days,
 * unless told otherwise.
 */
export function subscriptionObject(
  userId: string,
  price: string,
  o: { status?: string; periodEnd?: number; id?: string } = {},
): Record<string, unknown> {
  return {
    id: o.id ?? `sub_${userId}`,
    object: "subscription",
    customer: `cus_${userId}`,
    status: o.status ?? "active",
    cancel_at_period_end: false,
    metadata: { userId },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          object: "subscription_item",
          price: { id: price, object: "price" },
          current_period_end: o.periodEnd ?? nowSeconds() + 30 * 86_400,
        },
      ],
    },
  };
}
