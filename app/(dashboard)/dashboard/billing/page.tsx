import { DashboardCard } from "@/components/dashboard/card";
import { cn, buttonClasses } from "@/components/ui";
import type { Metadata } from "next";
import { formatDate } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { billingStatus } from "@/lib/billing/status";
import { billingEnabled, PAID_PLANS } from "@/lib/billing/stripe";
import { UpgradeMessage, UpgradeSetupHint } from "@/components/site/upgrade-notice";
import { isServerAdmin, upgradePath } from "@/lib/billing/upgrade-path";
import { isPlanId, PLANS, planAtLeast } from "@/lib/plans";
import { openPortalAction, startCheckoutAction } from "@/lib/billing/actions";

export const metadata: Metadata = { title: "Billing" };

type Search = Promise<Record<string, string | string[] | undefined>>;

const MESSAGES: Record<string, string> = {
  success: "Thank you! Your plan changes as soon as Stripe confirms the payment, usually within seconds.",
  cancelled: "Checkout was cancelled; nothing was charged.",
  stripe: "Stripe could not be reached. Please try again in a moment.",
  invalid: "That plan or billing period is not available.",
  "no-customer": "There is no billing account yet: choose a plan first.",
  origin: "This request did not come from the Glance dashboard.",
  role: "Your role in this workspace does not allow changing its plan: ask an owner or a billing member.",
};

export default async function BillingPage({ searchParams }: { searchParams: Search }) {
  const workspace = await requireWorkspace("/dashboard/billing");
  const query = await searchParams;
  const status = await billingStatus(workspace.id);
  const enabled = billingEnabled();
  const path = upgradePath();
  const notice = MESSAGES[String(query.checkout ?? query.error ?? "")];
  const wanted = typeof query.plan === "string" ? query.plan : undefined;
  const mayChange = can(workspace.role, "billing.write");

  return (
    <>
      <PageHeader title="Billing" description={`You are on the ${PLANS[status.plan].name} plan.`} />
      {notice && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
        >
          {notice}
        </p>
      )}
      <DashboardCard id="billing-state" title="Your plan" className="mb-6 p-5 sm:p-6">
        <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="billing-state">
          <li>
            {PLANS[status.plan].name}: {PLANS[status.plan].rendersPerMonth.toLocaleString("en-US")} renders a month,{" "}
            {PLANS[status.plan].maxApiKeys} API keys.
          </li>
          {status.scheduledPlan && status.scheduledPlanAt && (
            <li>
              Moves to {PLANS[status.scheduledPlan].name} on {formatDate(status.scheduledPlanAt)}.
            </li>
          )}
          {status.graceEndsAt && (
            <li className="font-medium text-red-700">
              A payment failed. Update your payment method before {formatDate(status.graceEndsAt)} to keep your plan.
            </li>
          )}
          {status.cancelAtPeriodEnd && status.currentPeriodEnd && (
            <li>Your subscription ends on {formatDate(status.currentPeriodEnd)}.</li>
          )}
        </ul>
        {enabled && status.hasCustomer && mayChange && (
          <form action={openPortalAction} className="mt-4">
            <button type="submit" className={buttonClasses({ variant: "outline" })}>
              Manage billing
            </button>
          </form>
        )}
      </DashboardCard>
      <DashboardCard id="upgrade" title="Change plan" className="p-5 sm:p-6">
        <p className="mt-2 text-sm text-slate-600" data-testid="billed-separately">
          {workspace.kind === "team"
            ? `${workspace.name} has a plan of its own, billed on its own: it does not share the plan of any member's personal workspace.`
            : "This plan is your personal workspace's: each team you create has a plan of its own, billed on its own."}
        </p>
        {!mayChange ? (
          <RoleLimit role={workspace.role} permission="billing.write" className="mt-4" />
        ) : path.kind !== "checkout" ? (
          <>
            <p className="mt-2 text-sm text-slate-600" data-testid="billing-off">
              <UpgradeMessage path={path} workspace={workspace} plan={isPlanId(wanted) ? wanted : undefined} />
            </p>
            {isServerAdmin(workspace.user.email) && (
              <UpgradeSetupHint path={path} workspaceId={workspace.id} className="mt-4" />
            )}
          </>
        ) : (
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {PAID_PLANS.map((id) => (
              <div
                key={id}
                className={cn(
                  "rounded-lg border p-4",
                  wanted === id ? "border-brand-500 ring-2 ring-brand-500/20" : "border-slate-200",
                )}
                data-plan={id}
              >
                <h3 className="font-semibold text-slate-900">{PLANS[id].name}</h3>
                <p className="text-sm text-slate-600">${PLANS[id].priceUsdPerMonth} / month</p>
                {status.plan === id ? (
                  <p className="mt-3 text-sm font-medium text-slate-700">Your plan</p>
                ) : (
                  <form action={startCheckoutAction} className="mt-3 flex flex-wrap gap-2">
                    <input type="hidden" name="plan" value={id} />
                    <button
                      type="submit"
                      name="interval"
                      value="monthly"
                      className={buttonClasses({ variant: wanted === id ? "primary" : "outline" })}
                    >
                      {planAtLeast(id, status.plan) ? "Upgrade" : "Switch"} monthly
                    </button>
                    <button
                      type="submit"
                      name="interval"
                      value="yearly"
                      className={buttonClasses({ variant: "ghost" })}
                    >
                      Yearly
                    </button>
                  </form>
                )}
              </div>
            ))}
          </div>
        )}
      </DashboardCard>
    </>
  );
}
