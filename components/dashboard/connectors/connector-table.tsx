import { formatDateTime, formatRelative } from "@/components/dashboard/format";
import { ColumnHeads } from "@/components/dashboard/column-heads";
import { TableCard } from "@/components/dashboard/table-card";
import { RevokeConnector } from "@/components/dashboard/connectors/revoke-connector";
import { ONLINE_WITHIN_MS, type ConnectorSummary } from "@/lib/keys/connectors";

function status(c: ConnectorSummary, now: Date): string {
  if (c.revokedAt) return "Revoked";
  if (c.connectedAt && c.lastSeenAt && now.getTime() - c.lastSeenAt.getTime() < ONLINE_WITHIN_MS) return "Online";
  return "Offline";
}

/** The workspace's connectors with their status: online, last seen, exposed origins, version. */
export function ConnectorTable({
  connectors,
  mayRevoke,
  now = new Date(),
}: {
  connectors: ConnectorSummary[];
  mayRevoke: boolean;
  now?: Date;
}) {
  return (
    <TableCard
      head={
        <ColumnHeads
          className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500"
          names={[
            "Name",
            "Token",
            "Status",
            "Last seen",
            "Exposed origins",
            "Version",
            { name: "Actions", hidden: true },
          ]}
        />
      }
    >
      {connectors.length === 0 ? (
        <tr>
          <td colSpan={7} className="px-4 py-8 text-center text-slate-600">
            No connectors yet.
          </td>
        </tr>
      ) : (
        connectors.map((c) => (
          <tr key={c.id} data-testid="connector-row" data-connector-id={c.id}>
            <th scope="row" className="px-4 py-3 font-medium text-slate-900">
              {c.name}
            </th>
            <td className="px-4 py-3 font-mono text-xs">{c.display}</td>
            <td className="px-4 py-3" data-testid="connector-status">
              {status(c, now)}
            </td>
            <td className="px-4 py-3">
              {c.lastSeenAt ? (
                <time dateTime={c.lastSeenAt.toISOString()} title={formatDateTime(c.lastSeenAt)}>
                  {formatRelative(c.lastSeenAt, now)}
                </time>
              ) : (
                "never"
              )}
            </td>
            <td className="px-4 py-3 font-mono text-xs">{c.exposedOrigins.join(" ") || "—"}</td>
            <td className="px-4 py-3">{c.version ?? "—"}</td>
            <td className="px-4 py-3 text-right">
              {mayRevoke && !c.revokedAt && <RevokeConnector connectorId={c.id} name={c.name} />}
            </td>
          </tr>
        ))
      )}
    </TableCard>
  );
}
