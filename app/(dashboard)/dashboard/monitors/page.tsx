import { DashboardCard } from "@/components/dashboard/card";
import { cn } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { formatDateTime } from "@/components/dashboard/format";
import { CreateMonitorForm, MonitorButtons } from "@/components/dashboard/monitors/forms";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { ownerId } from "@/lib/vocabulary/caller";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { minimumIntervalSeconds } from "@/lib/monitors/schedule-rules";
import { isServerAdmin } from "@/lib/billing/upgrade-path";
import { noticeDelivery } from "@/lib/auth/mailer";
import { lastEndedRuns, listMonitors } from "@/lib/monitors/store";
import { type RunOutcome, runOutcome } from "@/lib/monitors/view";
import { monitorAllowance, PLANS } from "@/lib/plans";

export const metadata: Metadata = { title: "Monitors" };

function every(monitor: { interval_seconds: number | null; cron: string | null }): string {
  if (monitor.cron) return `cron ${monitor.cron} (UTC)`;
  const s = monitor.interval_seconds ?? 86_400;
  return s % 86_400 === 0
    ? `every ${s / 86_400} d`
    : s % 3600 === 0
      ? `every ${s / 3600} h`
      : `every ${Math.round(s / 60)} min`;
}

function percent(ratio: number): string {
  return `${(ratio * 100).toLocaleString("en-US", { maximumFractionDigits: 3 })} %`;
}

/** A monitor's last ended run, in words: when, and unchanged, changed x %, failed (code) or the baseline. */
function LastRun({ run }: { run: RunOutcome | undefined }) {
  if (!run) return <>No run yet</>;
  const what =
    run.outcome === "failed" ? (
      <span className="font-medium text-rose-700">failed ({run.code})</span>
    ) : run.outcome === "changed" ? (
      <span className="font-medium text-amber-700">changed {percent(run.changedRatio ?? 0)}</span>
    ) : run.outcome === "unchanged" ? (
      <>unchanged</>
    ) : (
      <>baseline taken</>
    );
  return (
    <>
      Last run {formatDateTime(run.endedAt)}: {what}
    </>
  );
}

/** Monitors (D27): the account's watched pages with their last run, a form for a new one and each one's buttons. */
export default async function MonitorsPage() {
  const workspace = await requireWorkspace("/dashboard/monitors");
  const mayWrite = can(workspace.role, "monitors.write");
  const owner = ownerId({ userId: workspace.id });
  const [monitors, lastRuns] = await Promise.all([listMonitors(owner), lastEndedRuns(owner)]);
  const delivery = noticeDelivery();
  const mail = {
    delivery,
    ...(delivery === "off" && isServerAdmin(workspace.user.email) ? { setting: "EMAIL_SERVER" } : {}),
  };
  return (
    <>
      <PageHeader
        title="Monitors"
        description={
          <>
            Glance captures each page on its schedule, compares it with the last change and alerts you by signed webhook
            or e-mail when it changes. Your plan: {monitorAllowance(PLANS[workspace.plan])}; each run is a render.{" "}
            <Link href="/docs/monitors" className={linkClass}>
              How it works
            </Link>
          </>
        }
      />
      <DashboardCard id="new-monitor-title" title="Watch a page" className="mb-8 p-5" titleClassName="mb-3">
        {mayWrite ? (
          <CreateMonitorForm
            minimumSeconds={minimumIntervalSeconds(workspace.plan)}
            email={workspace.user.email}
            mail={mail}
          />
        ) : (
          <RoleLimit role={workspace.role} permission="monitors.write" />
        )}
      </DashboardCard>
      <section aria-labelledby="monitors-title">
        <h2 id="monitors-title" className="mb-3 text-lg font-semibold text-slate-900">
          Your monitors
        </h2>
        {monitors.length === 0 ? (
          <p className="text-sm text-slate-600">No monitors yet.</p>
        ) : (
          <ul className="space-y-3">
            {monitors.map((m) => (
              <li
                key={m.id}
                className={cn(cardClass, "flex flex-col gap-3 p-4 sm:flex-row sm:items-center")}
                data-testid="monitor"
              >
                <div className="min-w-0 flex-1">
                  <Link href={`/dashboard/monitors/${m.id}`} className={cn(linkClass, "break-all")}>
                    {m.name ?? m.url}
                  </Link>
                  <p className="mt-1 text-sm text-slate-600">
                    <span className={m.paused ? "font-medium text-amber-700" : "font-medium text-emerald-700"}>
                      {m.paused ? "Paused" : "Active"}
                    </span>{" "}
                    · {every(m)} · alerts above {(m.threshold * 100).toLocaleString("en-US")} %
                    {!m.paused && m.next_run_at ? ` · next ${formatDateTime(m.next_run_at)}` : ""}
                  </p>
                  <p className="mt-1 text-sm text-slate-600" data-testid="last-run">
                    <LastRun run={lastRuns.has(m.id) ? runOutcome(lastRuns.get(m.id)!) : undefined} />
                  </p>
                </div>
                {mayWrite && <MonitorButtons id={m.id} name={m.name ?? m.url} paused={m.paused} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
