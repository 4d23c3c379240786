import { DashboardCard } from "@/components/dashboard/card";
import { cn } from "@/components/ui";
import type { Metadata } from "next";
import { formatDate, formatNumber } from "@/components/dashboard/format";
import { PlanBadge } from "@/components/site/plan-badge";
import { PageHeader } from "@/components/dashboard/shell";
import { TableCard } from "@/components/dashboard/table-card";
import { cardClass } from "@/components/dashboard/styles";
import { UpgradeMessage } from "@/components/site/upgrade-notice";
import { accountProfile } from "@/lib/auth/account";
import { upgradePath } from "@/lib/billing/upgrade-path";
import Link from "next/link";
import { requireWorkspace } from "@/lib/auth/workspace";
import { DeleteAccountForm } from "@/components/dashboard/account/delete-account";
import { accountDeletionPlan, type AccountDeletionPlan } from "@/lib/workspaces/delete-account";
import { PLAN_IDS, PLANS, type Plan } from "@/lib/plans";

export const metadata: Metadata = { title: "Account" };

const LIMITS: Array<{ label: string; value: (p: Plan) => string }> = [
  { label: "Price", value: (p) => (p.priceUsdPerMonth === 0 ? "$0" : `$${p.priceUsdPerMonth} / month`) },
  { label: "Renders per month", value: (p) => formatNumber(p.rendersPerMonth) },
  { label: "Requests per minute", value: (p) => formatNumber(p.requestsPerMinute) },
  { label: "Active API keys", value: (p) => formatNumber(p.maxApiKeys) },
  { label: "Cache lifetime", value: (p) => `${p.cacheTtlDays} days` },
];

export default async function AccountPage() {
  const workspace = await requireWorkspace("/dashboard/account");
  const plan = PLANS[workspace.plan];
  const [{ memberSince, signInMethods }, deletion] = await Promise.all([
    accountProfile(workspace.user),
    accountDeletionPlan(workspace.user.id),
  ]);
  const path = upgradePath();

  return (
    <>
      <PageHeader title="Account" />
      <div className="grid gap-6 lg:grid-cols-3">
        <DashboardCard id="profile-title" title="Profile" className="p-5 sm:p-6">
          <dl className="mt-4 space-y-3 text-sm">
            <Item label="E-mail" value={workspace.user.email ?? "—"} />
            {workspace.user.name && <Item label="Name" value={workspace.user.name} />}
            <Item label="Sign-in methods" value={signInMethods.join(", ") || "—"} />
            {memberSince && <Item label="Member since" value={formatDate(memberSince)} />}
          </dl>
        </DashboardCard>

        <section className={cn(cardClass, "p-5 sm:p-6 lg:col-span-2")} aria-labelledby="plan-title">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="plan-title" className="text-lg font-semibold text-slate-900">
              Your plan
            </h2>
            <PlanBadge plan={workspace.plan} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{plan.tagline}</p>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="plan-limits">
            {LIMITS.map((l) => (
              <div key={l.label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{l.label}</dt>
                <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">{l.value(plan)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-slate-600" data-testid="plan-change">
            {path.kind === "checkout" ? (
              <>
                Change plans on the{" "}
                <Link className="font-medium text-brand-700 underline" href="/dashboard/billing">
                  Billing page
                </Link>
                : pay by card through Stripe, monthly or yearly.
              </>
            ) : (
              <UpgradeMessage path={path} workspace={workspace} />
            )}
          </p>
        </section>
      </div>

      <TableCard
        cardClassName="mt-6"
        labelledBy="compare-title"
        heading={
          <h2 id="compare-title" className="px-5 pt-5 text-lg font-semibold text-slate-900 sm:px-6">
            Compare plans
          </h2>
        }
        className="mt-4 min-w-[36rem]"
        head={
          <thead className="border-y border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-5 py-3 font-medium sm:px-6">
                <span className="sr-only">Limit</span>
              </th>
              {PLAN_IDS.map((id) => (
                <th
                  key={id}
                  scope="col"
                  className={cn("px-4 py-3 font-medium", id === workspace.plan && "text-brand-700")}
                >
                  {PLANS[id].name}
                  {id === workspace.plan && <span className="ml-1 normal-case">(current)</span>}
                </th>
              ))}
            </tr>
          </thead>
        }
      >
        {LIMITS.map((l) => (
          <tr key={l.label}>
            <th scope="row" className="px-5 py-2.5 font-medium text-slate-700 sm:px-6">
              {l.label}
            </th>
            {PLAN_IDS.map((id) => (
              <td
                key={id}
                className={cn(
                  "px-4 py-2.5 tabular-nums",
                  id === workspace.plan ? "bg-brand-50/60 font-semibold text-slate-900" : "text-slate-700",
                )}
              >
                {l.value(PLANS[id])}
              </td>
            ))}
          </tr>
        ))}
      </TableCard>

      <DeleteAccount plan={deletion} email={workspace.user.email} />
    </>
  );
}

/** The person's account, deleted with its data after a typed confirmation (#51, D28). */
function DeleteAccount({ plan, email }: { plan: AccountDeletionPlan; email: string | null }) {
  const list = (teams: AccountDeletionPlan["deleted"]) => teams.map((t) => t.name).join(", ");
  return (
    <section className={cn(cardClass, "mt-6 border-red-200 p-5 sm:p-6")} aria-labelledby="delete-title">
      <h2 id="delete-title" className="text-lg font-semibold text-slate-900">
        Delete your account
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="deletion-plan">
        <li>
          Your personal workspace goes with everything in it: its API keys stop working at once, and its usage, request
          log, templates, brand kit, monitors, jobs, webhook and storage settings and connected apps are deleted.
        </li>
        <li>You are signed out everywhere: every session of yours ends.</li>
        {plan.deleted.length > 0 && <li>Teams where you are the only member are deleted too: {list(plan.deleted)}.</li>}
        {plan.left.length > 0 && <li>You leave {list(plan.left)}; their audit logs say you deleted your account.</li>}
        {plan.blocking.length > 0 && (
          <li className="font-medium text-red-700">
            Not yet: you are the last owner of {list(plan.blocking)}, which other people are members of. Make one of
            them owner on the Team page (or remove them) first.
          </li>
        )}
      </ul>
      <p className="mt-2 text-sm text-slate-600">This cannot be undone.</p>
      <div className="mt-4 max-w-md">
        <DeleteAccountForm confirmation={email ?? "DELETE"} blocked={plan.blocking.length > 0} />
      </div>
    </section>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{value}</dd>
    </div>
  );
}
