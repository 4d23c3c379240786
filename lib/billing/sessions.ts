/**
 * Stripe Checkout (a new subscription) and the Customer Portal (change plan, cancel, invoices),
 * D18. An account that already has a live subscription is sent to the portal rather than a
 * second checkout, so it can never pay for two plans at once.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { priceFor, stripe, type BillingInterval, type PaidPlan } from "@/lib/billing/stripe";

/** Subscription states in which the customer still has (or is still paying for) a plan. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]);

export async function hasLiveSubscription(userId: string): Promise<boolean> {
  const db = await getDb();
  const billing = await db.billingAccount.findUnique({ where: { userId } });
  return Boolean(
    billing?.stripeSubscriptionId && billing.subscriptionStatus && LIVE_STATUSES.has(billing.subscriptionStatus),
  );
}

export async function createCheckoutUrl(
  user: { id: string; email: string | null },
  plan: PaidPlan,
  interval: BillingInterval,
): Promise<string> {
  const db = await getDb();
  const billing = await db.billingAccount.findUnique({ where: { userId: user.id } });
  const appUrl = env().APP_URL;
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: priceFor(plan, interval), quantity: 1 }],
    client_reference_id: user.id,
    ...(billing ? { customer: billing.stripeCustomerId } : user.email ? { customer_email: user.email } : {}),
    metadata: { userId: user.id, plan },
    subscription_data: { metadata: { userId: user.id, plan } },
    success_url: `${appUrl}/dashboard/billing?checkout=success`,
    cancel_url: `${appUrl}/dashboard/billing?checkout=cancelled`,
  });
  if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
  return session.url;
}

export async function createPortalUrl(userId: string): Promise<string | undefined> {
  const db = await getDb();
  const billing = await db.billingAccount.findUnique({ where: { userId } });
  if (!billing) return undefined;
  const session = await stripe().billingPortal.sessions.create({
    customer: billing.stripeCustomerId,
    return_url: `${env().APP_URL}/dashboard/billing`,
  });
  return session.url;
}
