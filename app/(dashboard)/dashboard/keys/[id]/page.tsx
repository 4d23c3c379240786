import { DashboardCard } from "@/components/dashboard/card";
import { cn } from "@/components/ui";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime, formatNumber, formatRelative } from "@/components/dashboard/format";
import { KeyStatus } from "@/components/dashboard/keys/key-status";
import { RenameKey } from "@/components/dashboard/keys/rename-key";
import { RevokeKey } from "@/components/dashboard/keys/revoke-key";
import { RollKey } from "@/components/dashboard/keys/roll-key";
import { KeyLimitsForm, RollSigningSecret } from "@/components/dashboard/keys/signing";
import { PageHeader } from "@/components/dashboard/shell";
import { UsageChart } from "@/components/dashboard/usage-chart";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { RENDER_ENDPOINTS, type RenderEndpointId } from "@/lib/endpoints";
import { requireWorkspace } from "@/lib/auth/workspace";
import { keyRendersThisMonth } from "@/lib/keys/render-cap";
import { listApiKeys, MAX_KEY_NAME_LENGTH } from "@/lib/keys/service";
import { dailyUsage, requestsByKey } from "@/lib/usage/stats";

/** Each render endpoint's checkbox in the restrictions (a new one fails to compile without its own). */
const ENDPOINT_LABELS: Record<RenderEndpointId, string> = {
  screenshot: "Screenshots (/v1/screenshot)",
  og: "Open Graph images (/v1/og)",
  content: "Page content (/v1/content)",
  animate: "Recordings (/v1/animate)",
};

export const metadata: Metadata = { title: "API key" };

/** One key. Someone else's key id is a 404, exactly like an id that does not exist. */
export default async function KeyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const workspace = await requireWorkspace(`/dashboard/keys/${encodeURIComponent(id)}`);
  // The key's own days (D22): filtered by account and key, so another account's id shows nothing.
  const [keys, requests, days] = await Promise.all([
    listApiKeys(workspace.id),
    requestsByKey(workspace.id, 30),
    dailyUsage(workspace.id, 30, new Date(), id),
  ]);
  const key = keys.find((k) => k.id === id);
  if (!key) notFound();
  const keyRenders = await keyRendersThisMonth(key.id);
  const allowed = key.allowedEndpoints.length > 0 ? key.allowedEndpoints : RENDER_ENDPOINTS;

  const rows: Array<[string, React.ReactNode]> = [
    [
      "Key",
      <code key="k" className="font-mono text-sm">
        {key.display}
      </code>,
    ],
    [
      "Public id (key_id of signed URLs)",
      <code key="p" className="font-mono text-sm" data-testid="public-id">
        {key.publicId}
      </code>,
    ],
    ["Signing secret", key.signable ? "Set (shown once when created or rolled)" : "None yet"],
    [
      "Restrictions",
      `${allowed.length === RENDER_ENDPOINTS.length ? "All endpoints" : `Only ${allowed.join(", ")}`}; ${key.monthlyRenderCap === null ? "no render cap" : `at most ${formatNumber(key.monthlyRenderCap)} renders a month`}`,
    ],
    ["Status", <KeyStatus key="s" revokedAt={key.revokedAt} pausedAt={key.pausedAt} />],
    ["Created", formatDateTime(key.createdAt)],
    ["Last used", key.lastUsedAt ? `${formatRelative(key.lastUsedAt)} (${formatDateTime(key.lastUsedAt)})` : "Never"],
    ["Requests, last 30 days", formatNumber(requests.get(key.id) ?? 0)],
  ];
  if (key.revokedAt) rows.push(["Revoked", formatDateTime(key.revokedAt)]);

  return (
    <>
      <p className="mb-4 text-sm">
        <Link href="/dashboard/keys" className={linkClass}>
          ← All API keys
        </Link>
      </p>
      <PageHeader
        title={key.name}
        actions={key.revokedAt ? undefined : <RevokeKey keyId={key.id} name={key.name} display={key.display} />}
      />
      <dl className={cn(cardClass, "divide-y divide-slate-100")}>
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="text-sm text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <DashboardCard
        id="key-usage-title"
        title="Usage of this key, last 30 days"
        className="mt-6 p-5"
        titleClassName="mb-3"
        data-testid="key-usage"
      >
        {days.some((d) => d.requests > 0) ? (
          <UsageChart days={days} />
        ) : (
          <p className="text-sm text-slate-600">No requests with this key in the last 30 days.</p>
        )}
      </DashboardCard>
      {!key.revokedAt && (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <DashboardCard id="rename-title" title="Rename" className="p-5 lg:col-span-2" titleClassName="mb-3">
            <RenameKey keyId={key.id} name={key.name} maxNameLength={MAX_KEY_NAME_LENGTH} />
          </DashboardCard>
          <DashboardCard id="roll-key" title="Roll key" className="p-5 lg:col-span-2" titleClassName="mb-3">
            <RollKey keyId={key.id} />
          </DashboardCard>
          <DashboardCard id="signing-title" title="Signing secret" className="p-5" titleClassName="mb-3">
            <RollSigningSecret keyId={key.id} signable={key.signable} />
          </DashboardCard>
          <DashboardCard id="limits-title" title="Restrictions" className="p-5" titleClassName="mb-3">
            <KeyLimitsForm
              keyId={key.id}
              endpoints={RENDER_ENDPOINTS.map((e) => ({
                id: e,
                label: ENDPOINT_LABELS[e],
                allowed: allowed.includes(e),
              }))}
              cap={key.monthlyRenderCap}
              rendersThisMonth={keyRenders}
            />
          </DashboardCard>
        </div>
      )}
    </>
  );
}
