/**
 * The Stripe webhook (D18): the signature is verified against the raw body before anything else
 * (a bad one is a 400 and changes nothing); each event id is applied once, in the same transaction
 * as its effect, under the account's lock; events this service does not act on are acknowledged.
 * A failure while applying (the database down) is a problem+json 500: nothing was recorded, so
 * Stripe's retry of the event applies it later.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { ApiError, problemResponse } from "@/lib/vocabulary/errors";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { withAccountLock, type Tx } from "@/lib/accounts/plan-change";
import { billingConfig, billingEnabled, stripe } from "@/lib/billing/stripe";
import {
  applyCheckoutCompleted,
  applyPaymentFailed,
  applySubscription,
  type Applied,
} from "@/lib/billing/subscription-state";

interface WebhookResult {
  status: number;
  body: { received: true; outcome: "applied" | "duplicate" | "stale" | "ignored" } | { error: string };
}

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
]);

/** The route's whole answer: JSON for a handled event, problem+json when it could not be applied now. */
export async function stripeWebhookResponse(payload: string, signature: string | null): Promise<Response> {
  try {
    const { status, body } = await handleStripeWebhook(payload, signature);
    return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // Any 5xx makes Stripe retry (with backoff, for up to three days). The event id was not
    // recorded (its transaction did not commit), so the retry is applied, not taken for a replay.
    const requestId = randomUUID();
    log.error("stripe webhook could not be applied; Stripe will retry it", {
      requestId,
      error: { name: (error as Error)?.name },
    });
    return problemResponse(
      new ApiError(
        "internal_error",
        "The event could not be applied right now and was not recorded; Stripe's retry will apply it.",
      ),
      requestId,
    );
  }
}

async function handleStripeWebhook(
  payload: string,
  signature: string | null,
  now = new Date(),
): Promise<WebhookResult> {
  if (!billingEnabled()) return { status: 404, body: { error: "Billing is not configured." } };
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(payload, signature ?? "", billingConfig().webhookSecret);
  } catch {
    return { status: 400, body: { error: "Invalid Stripe signature." } };
  }
  if (!HANDLED.has(event.type)) return { status: 200, body: { received: true, outcome: "ignored" } };

  const userId = await accountOf(event);
  if (!userId) {
    log.warn("stripe event for no known account", { eventId: event.id, type: event.type });
    return { status: 200, body: { received: true, outcome: "ignored" } };
  }
  const outcome = await withAccountLock(userId, async (tx) => {
    const inserted =
      await tx.$executeRaw`INSERT INTO stripe_events (id, type) VALUES (${event.id}, ${event.type}) ON CONFLICT (id) DO NOTHING`;
    if (inserted === 0) return "duplicate" as const;
    return apply(tx, userId, event, now);
  });
  log.info("stripe event", { eventId: event.id, type: event.type, outcome });
  return { status: 200, body: { received: true, outcome } };
}

function apply(tx: Tx, userId: string, event: Stripe.Event, now: Date): Promise<Applied> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case "checkout.session.completed":
      return applyCheckoutCompleted(tx, userId, event.data.object, at, now);
    case "customer.subscription.created":
    case "customer.subscription.updated":
      return applySubscription(tx, userId, event.data.object, false, at, now);
    case "customer.subscription.deleted":
      return applySubscription(tx, userId, event.data.object, true, at, now);
    case "invoice.payment_failed":
      return applyPaymentFailed(tx, userId, at);
    default:
      return Promise.resolve("stale");
  }
}

function customerOf(object: { customer?: string | { id: string } | null }): string | undefined {
  const c = object.customer;
  return typeof c === "string" ? c : c?.id;
}

/**
 * The account an event is about: the customer this service linked first; for a checkout and a
 * subscription's first events, the account id the checkout was created with (the event is signed,
 * so the metadata is ours).
 */
async function accountOf(event: Stripe.Event): Promise<string | undefined> {
  const object = event.data.object as {
    customer?: string | { id: string } | null;
    metadata?: Record<string, string> | null;
    client_reference_id?: string | null;
  };
  const db = await getDb();
  const customer = customerOf(object);
  if (customer) {
    const linked = await db.billingAccount.findUnique({
      where: { stripeCustomerId: customer },
      select: { userId: true },
    });
    if (linked) return linked.userId;
  }
  const claimed = object.client_reference_id ?? object.metadata?.userId;
  if (!claimed) return undefined;
  const user = await db.user.findUnique({ where: { id: claimed }, select: { id: true } });
  return user?.id;
}
