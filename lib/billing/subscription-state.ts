/**
 * What a Stripe event does to an account's plan (D18). Called by the webhook inside the
 * account's lock, once per event id:
 * - upgrade at once;
 * - downgrade at the end of the period already paid for (at once when that is already over —
 *   e.g. Stripe itself deferred the change to the period's end);
 * - cancellation (subscription deleted or expired): Free at once — Stripe deletes a subscription
 *   cancelled "at period end" only when that period ends;
 * - failed payment: the plan stays for PAYMENT_GRACE_DAYS after the first failure, then Free,
 *   unless a payment succeeds (the subscription turns active again) before that.
 * Out of order: each account remembers Stripe's `created` of the last subscription state applied;
 * an older one arriving later is ignored, and a deleted subscription never comes back to life.
 */
import "server-only";
import type Stripe from "stripe";
import { clearScheduledPlan, schedulePlan, setPlanNow, type Tx } from "@/lib/accounts/plan-change";
import { isPaidPlan, planForPrice } from "@/lib/billing/stripe";
import { planAtLeast, type PlanId } from "@/lib/plans";

export const PAYMENT_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Applied = "applied" | "stale";

const ENDED = new Set(["canceled", "incomplete_expired"]);
const PAYING = new Set(["active", "trialing"]);
const OVERDUE = new Set(["past_due", "unpaid"]);

function customerId(customer: string | { id: string } | null): string | undefined {
  return typeof customer === "string" ? customer : customer?.id;
}

/** A plan now if higher, at the end of the paid period if lower; drops a pending change when equal. */
async function moveToPlan(tx: Tx, userId: string, plan: PlanId, paidUntil: Date | null, now: Date): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
  if (plan === user.plan) return clearScheduledPlan(tx, userId);
  if (planAtLeast(plan, user.plan) || !paidUntil || paidUntil <= now) return setPlanNow(tx, userId, plan, now);
  return schedulePlan(tx, userId, plan, paidUntil);
}

export async function applyCheckoutCompleted(
  tx: Tx,
  userId: string,
  session: Stripe.Checkout.Session,
  eventAt: Date,
  now: Date,
): Promise<Applied> {
  const customer = customerId(session.customer);
  if (!customer) return "stale";
  const billing = await tx.billingAccount.findUnique({ where: { userId } });
  const subscription =
    typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
  const link = { stripeCustomerId: customer, stripeSubscriptionId: subscription };
  // A later subscription event already said where this subscription stands: only link the customer.
  if (billing?.stateAt && billing.stateAt > eventAt) {
    await tx.billingAccount.update({ where: { userId }, data: { stripeCustomerId: customer } });
    return "stale";
  }
  // The session carries no line items; the plan is the one the checkout was created for.
  const paid = isPaidPlan(session.metadata?.plan) ? session.metadata.plan : null;
  await tx.billingAccount.upsert({
    where: { userId },
    create: { userId, ...link, subscriptionStatus: "active", paidPlan: paid, stateAt: eventAt },
    update: { ...link, subscriptionStatus: "active", paidPlan: paid, stateAt: eventAt, paymentFailedAt: null },
  });
  if (paid) await moveToPlan(tx, userId, paid, null, now);
  return "applied";
}

export async function applySubscription(
  tx: Tx,
  userId: string,
  sub: Stripe.Subscription,
  deleted: boolean,
  eventAt: Date,
  now: Date,
): Promise<Applied> {
  const billing = await tx.billingAccount.findUnique({ where: { userId } });
  if (billing?.stateAt && eventAt < billing.stateAt) return "stale";
  if (
    !deleted &&
    billing?.stripeSubscriptionId === sub.id &&
    billing.subscriptionStatus &&
    ENDED.has(billing.subscriptionStatus)
  )
    return "stale";

  const item = sub.items.data[0];
  const plan = planForPrice(item?.price.id);
  const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
  const status = deleted ? "canceled" : sub.status;
  const customer = customerId(sub.customer)!;
  let paymentFailedAt = billing?.paymentFailedAt ?? null;

  if (ENDED.has(status)) {
    await setPlanNow(tx, userId, "free", now);
    paymentFailedAt = null;
  } else if (PAYING.has(status) && plan) {
    // What the customer paid for runs to the end of the period stored before this event.
    await moveToPlan(tx, userId, plan, billing?.currentPeriodEnd ?? null, now);
    paymentFailedAt = null;
  } else if (OVERDUE.has(status)) {
    paymentFailedAt ??= eventAt;
    await scheduleGraceEnd(tx, userId, paymentFailedAt);
  }

  const state = {
    stripeCustomerId: customer,
    stripeSubscriptionId: sub.id,
    subscriptionStatus: status,
    paidPlan: ENDED.has(status) ? null : (plan ?? null),
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    paymentFailedAt,
    stateAt: eventAt,
  };
  await tx.billingAccount.upsert({ where: { userId }, create: { userId, ...state }, update: state });
  return "applied";
}

export async function applyPaymentFailed(tx: Tx, userId: string, eventAt: Date): Promise<Applied> {
  const billing = await tx.billingAccount.findUnique({ where: { userId } });
  if (!billing) return "stale";
  // Paid since (a later state says active) or nothing left to lose.
  if (
    billing.stateAt &&
    billing.stateAt > eventAt &&
    billing.subscriptionStatus &&
    PAYING.has(billing.subscriptionStatus)
  )
    return "stale";
  if (billing.subscriptionStatus && ENDED.has(billing.subscriptionStatus)) return "stale";
  const failedAt = billing.paymentFailedAt && billing.paymentFailedAt < eventAt ? billing.paymentFailedAt : eventAt;
  await tx.billingAccount.update({ where: { userId }, data: { paymentFailedAt: failedAt } });
  await scheduleGraceEnd(tx, userId, failedAt);
  return "applied";
}

/** Free at the end of the grace period, unless something sooner is already scheduled. */
async function scheduleGraceEnd(tx: Tx, userId: string, failedAt: Date): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { plan: true, scheduledPlanAt: true },
  });
  if (user.plan === "free") return;
  const at = new Date(failedAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
  if (user.scheduledPlanAt && user.scheduledPlanAt <= at) return;
  await schedulePlan(tx, userId, "free", at);
}
