import { cn, buttonClasses } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { formatNumber, formatPercent } from "@/components/dashboard/format";
import { Meter } from "@/components/dashboard/meter";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass } from "@/components/dashboard/styles";
import { UsageChart, UsageTable } from "@/components/dashboard/usage-chart";
import { requireWorkspace } from "@/lib/auth/workspace";
import { PLANS } from "@/lib/plans";
import { dailyUsage, monthUsage } from "@/lib/usage/stats";

export const metadata: Metadata = { title: "Usage" };

const DAYS = 30;

export default async function UsagePage() {
  const workspace = await requireWorkspace("/dashboard/usage");
  const plan = PLANS[workspace.plan];
  const [days, month] = await Promise.all([dailyUsage(workspace.id, DAYS), monthUsage(workspace.id)]);
  const totals = days.reduce(
    (t, d) => ({
      requests: t.requests + d.requests,
      renders: t.renders + d.renders,
      hits: t.hits + d.cacheHits,
      misses: t.misses + d.cacheMisses,
    }),
    { requests: 0, renders: 0, hits: 0, misses: 0 },
  );
  const ratio = totals.hits + totals.misses > 0 ? totals.hits / (totals.hits + totals.misses) : null;

  return (
    <>
      <PageHeader
        title="Usage"
        description="A render is one counted against your monthly quota: an API request's cache miss, a job, a monitor run (a recording counts one per started stretch of video). Responses served from cache are free. Days are UTC."
        actions={
          <Link href="/dashboard/usage/log" className={buttonClasses({ variant: "outline" })}>
            Request log
          </Link>
        }
      />
      <section className={cn(cardClass, "mb-6 p-5 sm:p-6")} aria-labelledby="quota-title">
        <h2 id="quota-title" className="text-lg font-semibold text-slate-900">
          This month ({month.month})
        </h2>
        <div className="mt-4">
          <Meter label="Renders counted this month" used={month.renders} limit={plan.rendersPerMonth} unit="renders" />
        </div>
        <p className="mt-3 text-sm text-slate-600" data-testid="month-requests">
          {formatNumber(month.requests)} requests this month · {plan.name} plan: {formatNumber(plan.rendersPerMonth)}{" "}
          renders a month, {formatNumber(plan.requestsPerMinute)} requests a minute.
        </p>
      </section>

      <section className={cn(cardClass, "p-5 sm:p-6")} aria-labelledby="daily-title">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="daily-title" className="text-lg font-semibold text-slate-900">
            Last {DAYS} days
          </h2>
          <dl className="flex gap-5 text-sm">
            <Stat label="Requests" value={formatNumber(totals.requests)} />
            <Stat label="Renders counted" value={formatNumber(totals.renders)} />
            <Stat label="Cache-hit ratio" value={formatPercent(ratio)} />
          </dl>
        </div>
        {totals.requests === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-sm text-slate-600">
            No requests in the last {DAYS} days. Once you call the API, your daily usage appears here.
          </div>
        ) : (
          <UsageChart days={days} />
        )}
        <details className="mt-4 group">
          <summary className="cursor-pointer rounded-sm text-sm font-medium text-brand-600 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            Show the numbers as a table
          </summary>
          <div className="mt-3 max-h-96 overflow-y-auto" tabIndex={0}>
            <UsageTable days={days} />
          </div>
        </details>
      </section>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
