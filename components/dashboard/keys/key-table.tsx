import { cn } from "@/components/ui";
import Link from "next/link";
import { formatDate, formatDateTime, formatNumber, formatRelative } from "@/components/dashboard/format";
import { KeyStatus } from "@/components/dashboard/keys/key-status";
import { RevokeKey } from "@/components/dashboard/keys/revoke-key";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { ColumnHeads, type ColumnHead } from "@/components/dashboard/column-heads";
import type { ApiKeySummary } from "@/lib/keys/service";

// Columns that would crowd a phone are hidden below sm or md; their essentials show under the name.
const SM_ONLY = "hidden px-4 py-3 font-medium sm:table-cell";
const MD_ONLY = "hidden px-4 py-3 font-medium md:table-cell";
const COLUMNS: readonly ColumnHead[] = [
  "Name",
  { name: "Key", className: SM_ONLY },
  { name: "Created", className: MD_ONLY },
  { name: "Last used", className: SM_ONLY },
  { name: "Requests (30 d)", className: "hidden px-4 py-3 text-right font-medium md:table-cell" },
  "Status",
  { name: "Revoked", className: SM_ONLY },
  { name: "Actions", className: "px-4 py-3", hidden: true },
];

export function KeyTable({
  keys,
  requests,
  now = new Date(),
}: {
  keys: ApiKeySummary[];
  requests: Map<string, number>;
  now?: Date;
}) {
  if (keys.length === 0) {
    return (
      <div className={cn(cardClass, "px-6 py-12 text-center")}>
        <p className="font-semibold text-slate-900">No API keys yet</p>
        <p className="mt-1 text-sm text-slate-600">
          Create one above, then send it in the X-API-Key header of every request.
        </p>
      </div>
    );
  }
  return (
    <div className={cn(cardClass, "relative overflow-x-auto")}>
      <table className="w-full text-left text-sm sm:min-w-[40rem]">
        <caption className="sr-only">Your API keys, newest first</caption>
        <ColumnHeads
          className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500"
          names={COLUMNS}
        />
        <tbody className="divide-y divide-slate-100">
          {keys.map((k) => (
            <tr
              key={k.id}
              data-testid="key-row"
              data-key-id={k.id}
              className={k.revokedAt ? "text-slate-500" : undefined}
            >
              <th scope="row" className="max-w-[14rem] px-4 py-3 font-medium text-slate-900">
                <Link href={`/dashboard/keys/${k.id}`} className={cn(linkClass, "block truncate")}>
                  {k.name}
                </Link>
                {/* Small screens: the hidden columns' essentials under the name. */}
                <div className="mt-1 space-y-0.5 text-xs font-normal text-slate-500 sm:hidden">
                  <p className="whitespace-nowrap font-mono">{k.display}</p>
                  <p>Last used: {k.lastUsedAt ? formatRelative(k.lastUsedAt, now) : "never"}</p>
                  {k.revokedAt && <p>Revoked: {formatDate(k.revokedAt)}</p>}
                </div>
              </th>
              <td className="hidden px-4 py-3 font-mono text-xs sm:table-cell">{k.display}</td>
              <td className="hidden px-4 py-3 md:table-cell">
                <time dateTime={k.createdAt.toISOString()} title={formatDateTime(k.createdAt)}>
                  {formatDate(k.createdAt)}
                </time>
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                {k.lastUsedAt ? (
                  <time dateTime={k.lastUsedAt.toISOString()} title={formatDateTime(k.lastUsedAt)}>
                    {formatRelative(k.lastUsedAt, now)}
                  </time>
                ) : (
                  <span className="text-slate-500">Never</span>
                )}
              </td>
              <td className="hidden px-4 py-3 text-right tabular-nums md:table-cell">
                {formatNumber(requests.get(k.id) ?? 0)}
              </td>
              <td className="px-4 py-3">
                <KeyStatus revokedAt={k.revokedAt} pausedAt={k.pausedAt} />
              </td>
              <td className="hidden px-4 py-3 sm:table-cell" data-testid="revoked-at">
                {k.revokedAt ? (
                  <time dateTime={k.revokedAt.toISOString()} title={formatDateTime(k.revokedAt)}>
                    {formatDate(k.revokedAt)}
                  </time>
                ) : (
                  <span className="text-slate-500">
                    —<span className="sr-only">not revoked</span>
                  </span>
                )}
              </td>
              <td className="px-4 py-3 text-right">
                {!k.revokedAt && <RevokeKey keyId={k.id} name={k.name} display={k.display} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
