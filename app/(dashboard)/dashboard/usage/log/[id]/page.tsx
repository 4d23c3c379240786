import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardCard } from "@/components/dashboard/card";
import { cn } from "@/components/ui";
import { formatDateTime } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { getRequestDetail, VIA_LABELS } from "@/lib/usage/request-log";

export const metadata: Metadata = { title: "Request" };

/**
 * One request of the log (#35 point 5, D33): what it asked for, how long it took, how it ended and
 * where its result is. Another account's request id is a 404, as everywhere in the dashboard.
 */
export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const workspace = await requireWorkspace(`/dashboard/usage/log/${encodeURIComponent(id)}`);
  const r = await getRequestDetail(workspace.id, id);
  if (!r) notFound();
  const facts: Array<[string, React.ReactNode]> = [
    ["Time", formatDateTime(r.at)],
    ["Endpoint", `/v1/${r.endpoint}`],
    ["Status", r.status],
    ["Format", r.format ?? "—"],
    ["Target URL", r.targetUrl ?? r.targetHost ?? "—"],
    ["Key", r.keyName ?? "—"],
    ["Sent with", r.via ? (VIA_LABELS[r.via] ?? r.via) : "—"],
    ["Cache", r.cache ?? "—"],
    ["Render time", r.renderMs === null ? "—" : `${r.renderMs} ms`],
    ["Total time", r.totalMs === null ? "—" : `${r.totalMs} ms`],
    ...(r.sessionMinutes === null ? [] : [["Session-minutes", String(r.sessionMinutes)] as [string, string]]),
    ["Request id", r.requestId ? <code key="id">{r.requestId}</code> : "—"],
    ["Trace id", r.traceId ? <code key="trace">{r.traceId}</code> : "—"],
  ];
  const params_ = Object.entries(r.params ?? {});
  return (
    <>
      <PageHeader
        title={`${r.status} · /v1/${r.endpoint}`}
        description={`A request of ${formatDateTime(r.at)}.`}
        actions={
          <Link href="/dashboard/usage/log" className={linkClass}>
            Back to the request log
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DashboardCard id="request-facts" title="Request" className="p-5 sm:p-6">
          <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm" data-testid="request-facts">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
        </DashboardCard>
        <div className="space-y-6">
          {r.errorCode && (
            <section
              className={cn(cardClass, "p-5 sm:p-6")}
              aria-labelledby="request-error"
              data-testid="request-error"
            >
              <h2 id="request-error" className="text-lg font-semibold text-slate-900">
                Error
              </h2>
              <p className="mt-2 text-sm">
                <a href={`/docs/errors#${r.errorCode}`} className={linkClass}>
                  <code>{r.errorCode}</code>
                </a>
              </p>
              {r.errorDetail && <p className="mt-2 text-sm text-slate-700">{r.errorDetail}</p>}
            </section>
          )}
          {r.resultUrl && (
            <DashboardCard id="request-result" title="Result" className="p-5 sm:p-6">
              <p className="mt-2 text-sm text-slate-700">
                <a href={r.resultUrl} className={linkClass} data-testid="result-link">
                  Open the stored result
                </a>{" "}
                (kept for your plan&apos;s cache time; after that the link answers 404).
              </p>
            </DashboardCard>
          )}
          <DashboardCard id="request-params" title="Parameters" className="p-5 sm:p-6">
            {params_.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">None recorded.</p>
            ) : (
              <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm" data-testid="request-params">
                {params_.map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt>
                      <code className="text-slate-700">{name}</code>
                    </dt>
                    <dd className="min-w-0 font-mono text-xs text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <p className="mt-3 text-xs text-slate-500">The API key and a signed URL&apos;s signature are never kept.</p>
          </DashboardCard>
        </div>
      </div>
    </>
  );
}
