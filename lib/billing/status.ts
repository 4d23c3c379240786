/** What the dashboard shows of an account's billing (D18): plan, pending change, payment trouble. */
import "server-only";
import { getDb } from "@/lib/db";
import { PAYMENT_GRACE_DAYS } from "@/lib/billing/subscription-state";
import type { PlanId } from "@/lib/plans";

export interface BillingStatus {
  plan: PlanId;
  scheduledPlan: PlanId | null;
  scheduledPlanAt: Date | null;
  hasCustomer: boolean;
  subscriptionStatus: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** When the plan falls back to Free if the payment is not fixed. */
  graceEndsAt: Date | null;
}

export async function billingStatus(userId: string): Promise<BillingStatus> {
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { plan: true, scheduledPlan: true, scheduledPlanAt: true, billing: true },
  });
  const b = user.billing;
  return {
    plan: user.plan,
    scheduledPlan: user.scheduledPlan,
    scheduledPlanAt: user.scheduledPlanAt,
    hasCustomer: Boolean(b),
    subscriptionStatus: b?.subscriptionStatus ?? null,
    cancelAtPeriodEnd: b?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: b?.currentPeriodEnd ?? null,
    graceEndsAt: b?.paymentFailedAt ? new Date(b.paymentFailedAt.getTime() + PAYMENT_GRACE_DAYS * 86_400_000) : null,
  };
}
