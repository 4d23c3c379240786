import { DashboardCard } from "@/components/dashboard/card";
import { cn, buttonClasses } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { formatNumber } from "@/components/dashboard/format";
import { Meter } from "@/components/dashboard/meter";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { env } from "@/lib/env";
import { listApiKeys } from "@/lib/keys/service";
import { PLANS } from "@/lib/plans";
import { dailyUsage, monthUsage } from "@/lib/usage/stats";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const workspace = await requireWorkspace("/dashboard");
  const plan = PLANS[workspace.plan];
  const [keys, month, days] = await Promise.all([
    listApiKeys(workspace.id),
    monthUsage(workspace.id),
    dailyUsage(workspace.id, 30),
  ]);
  const active = keys.filter((k) => !k.revokedAt).length;
  const requests30 = days.reduce((s, d) => s + d.requests, 0);

  return (
    <>
      <PageHeader
        title={`Welcome${workspace.user.name ? `, ${workspace.user.name}` : ""}`}
        description={`You are on the ${plan.name} plan. Here is how your account is doing.`}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <section className={cn(cardClass, "p-5")} aria-labelledby="ov-renders">
          <h2 id="ov-renders" className="text-sm font-medium text-slate-600">
            Renders this month
          </h2>
          <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900">{formatNumber(month.renders)}</p>
          <div className="mt-4">
            <Meter label="Monthly quota" used={month.renders} limit={plan.rendersPerMonth} unit="renders" />
          </div>
        </section>
        <section className={cn(cardClass, "p-5")} aria-labelledby="ov-keys">
          <h2 id="ov-keys" className="text-sm font-medium text-slate-600">
            Active API keys
          </h2>
          <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900">{active}</p>
          <div className="mt-4">
            <Meter label="Plan allows" used={active} limit={plan.maxApiKeys} unit="keys" />
          </div>
        </section>
        <section className={cn(cardClass, "p-5")} aria-labelledby="ov-requests">
          <h2 id="ov-requests" className="text-sm font-medium text-slate-600">
            Requests, last 30 days
          </h2>
          <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900">{formatNumber(requests30)}</p>
          <p className="mt-4 text-sm text-slate-600">
            {formatNumber(month.requests)} this month.{" "}
            <Link href="/dashboard/usage" className={linkClass}>
              See daily usage
            </Link>
          </p>
        </section>
      </div>

      <DashboardCard
        id="ov-start"
        title={active === 0 ? "Create your first API key" : "Make a request"}
        className="mt-6 p-5 sm:p-6"
      >
        <p className="mt-1 text-sm text-slate-600">
          {active === 0
            ? "Every request needs a key. Create one, then call the API from your code or the command line."
            : "Send your key in the X-API-Key header:"}
        </p>
        <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
          <code>{`curl -H "X-API-Key: <your key>" \\\n  "${env().APP_URL}/v1/screenshot?url=https://example.com" -o example.png`}</code>
        </pre>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href="/dashboard/keys" className={buttonClasses({ variant: active === 0 ? "primary" : "outline" })}>
            {active === 0 ? "Create a key" : "Manage keys"}
          </Link>
          <Link href="/docs" className={buttonClasses({ variant: "ghost" })}>
            Read the docs
          </Link>
        </div>
      </DashboardCard>
    </>
  );
}
