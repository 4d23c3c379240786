import { DashboardCard } from "@/components/dashboard/card";
import { cn } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/dashboard/format";
import { BeforeAfter } from "@/components/dashboard/monitors/compare";
import { MonitorButtons } from "@/components/dashboard/monitors/forms";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { ownerId } from "@/lib/vocabulary/caller";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { listMonitorRuns } from "@/lib/jobs/store";
import { findMonitor } from "@/lib/monitors/store";
import { runView } from "@/lib/monitors/view";

export const metadata: Metadata = { title: "Monitor" };

interface RunResult {
  changed?: boolean;
  changedRatio?: number;
  boxes?: Array<{ x: number; y: number; width: number; height: number }>;
  width?: number;
  height?: number;
  imageUrl?: string;
  diffImageUrl?: string;
  baselineImageUrl?: string;
}

/** One monitor (D27): its buttons, the timeline of its runs with thumbnails, and before/after of a run. */
export default async function MonitorPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ run?: string }>;
}) {
  const { id } = await props.params;
  const { run: chosen } = await props.searchParams;
  const workspace = await requireWorkspace(`/dashboard/monitors/${encodeURIComponent(id)}`);
  const owner = ownerId({ userId: workspace.id });
  const monitor = await findMonitor(id, owner);
  if (!monitor) notFound();
  const runs = (await listMonitorRuns(monitor.id, owner, 50)).map(runView);
  const shown =
    runs.find((r) => r.id === chosen) ??
    runs.find((r) => (r.result as RunResult | undefined)?.changed) ??
    runs.find((r) => (r.result as RunResult | undefined)?.baselineImageUrl);
  const result = shown?.result as RunResult | undefined;
  return (
    <>
      <PageHeader
        title={monitor.name ?? "Monitor"}
        description={
          <>
            <a href={monitor.url} className={cn(linkClass, "break-all")} rel="noreferrer">
              {monitor.url}
            </a>{" "}
            ·{" "}
            <Link href="/dashboard/monitors" className={linkClass}>
              All monitors
            </Link>
          </>
        }
      />
      <div className="mb-6">
        {can(workspace.role, "monitors.write") ? (
          <MonitorButtons id={monitor.id} name={monitor.name ?? monitor.url} paused={monitor.paused} />
        ) : (
          <RoleLimit role={workspace.role} permission="monitors.write" what="run, pause or delete monitors" />
        )}
      </div>
      {result?.imageUrl && result.baselineImageUrl && result.width && result.height && (
        <DashboardCard id="compare-title" title="Before and after" className="mb-8 p-5" titleClassName="mb-1">
          <p className="mb-3 text-sm text-slate-600">
            Run of {formatDateTime(new Date(shown!.createdAt))}: {((result.changedRatio ?? 0) * 100).toFixed(3)} %
            changed
            {result.diffImageUrl && (
              <>
                {" "}
                ·{" "}
                <a href={result.diffImageUrl} className={linkClass}>
                  highlighted changes
                </a>
              </>
            )}
          </p>
          <BeforeAfter
            before={result.baselineImageUrl}
            after={result.imageUrl}
            boxes={result.boxes ?? []}
            width={result.width}
            height={result.height}
          />
        </DashboardCard>
      )}
      <section aria-labelledby="runs-title">
        <h2 id="runs-title" className="mb-3 text-lg font-semibold text-slate-900">
          Runs
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No runs yet.</p>
        ) : (
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="runs">
            {runs.map((run) => {
              const r = run.result as RunResult | undefined;
              return (
                <li key={run.id} className={cn(cardClass, "overflow-hidden")} data-testid="run">
                  <Link href={`/dashboard/monitors/${monitor.id}?run=${run.id}`} className="block">
                    {r?.imageUrl ? (
                      // eslint-disable-next-line @next/next/no-img-element -- a stored capture, shown as a thumbnail
                      <img src={r.imageUrl} alt="" className="h-32 w-full object-cover object-top" loading="lazy" />
                    ) : (
                      <div className="flex h-32 items-center justify-center bg-slate-50 text-sm text-slate-500">
                        {run.status === "failed" ? "Failed" : "Waiting…"}
                      </div>
                    )}
                    <div className="p-3 text-sm">
                      <p className="font-medium text-slate-900">{formatDateTime(new Date(run.createdAt))}</p>
                      <p className="text-slate-600">
                        {run.status === "failed"
                          ? `Failed: ${String((run.error as { detail?: string } | undefined)?.detail ?? "error")}`
                          : r?.changed
                            ? `Changed ${((r.changedRatio ?? 0) * 100).toFixed(3)} %`
                            : r?.changedRatio !== undefined
                              ? "No change"
                              : run.status === "succeeded"
                                ? "Baseline"
                                : run.status}
                        {" · "}
                        {run.trigger === "schedule" ? "scheduled" : "asked for"}
                      </p>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </>
  );
}
