import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatDateTime, formatNumber, formatRelative } from "@/components/dashboard/format";
import { KeyStatus } from "@/components/dashboard/keys/key-status";
import { RevokeKey } from "@/components/dashboard/keys/revoke-key";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { requireUser } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/keys/service";
import { requestsByKey } from "@/lib/usage/stats";

export const metadata: Metadata = { title: "API key" };

/** One key. Someone else's key id is a 404, exactly like an id that does not exist. */
export default async function KeyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/dashboard/keys/${encodeURIComponent(id)}`);
  const [keys, requests] = await Promise.all([listApiKeys(user.id), requestsByKey(user.id, 30)]);
  const key = keys.find((k) => k.id === id);
  if (!key) notFound();

  const rows: Array<[string, React.ReactNode]> = [
    ["Key", <code key="k" className="font-mono text-sm">{key.display}</code>],
    ["Status", <KeyStatus key="s" revokedAt={key.revokedAt} />],
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
      <PageHeader title={key.name} actions={key.revokedAt ? undefined : <RevokeKey keyId={key.id} name={key.name} display={key.display} />} />
      <dl className={`${cardClass} divide-y divide-slate-100`}>
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="text-sm text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
