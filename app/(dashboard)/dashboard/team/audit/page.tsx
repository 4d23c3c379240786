import type { Metadata } from "next";
import { cn } from "@/components/ui";
import { ColumnHeads } from "@/components/dashboard/column-heads";
import { formatDateTime } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass } from "@/components/dashboard/styles";
import { TableCard } from "@/components/dashboard/table-card";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { AUDIT_RETENTION_DAYS, listAudit } from "@/lib/audit/audit-log";

export const metadata: Metadata = { title: "Audit log" };

function describe(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(", ");
}

/** Who did what in the workspace (D28); owners and admins only — anyone else is told so (#51). */
export default async function AuditPage() {
  const workspace = await requireWorkspace("/dashboard/team/audit");
  if (!can(workspace.role, "audit.read")) {
    return (
      <>
        <PageHeader title="Audit log" />
        <RoleLimit role={workspace.role} permission="audit.read" />
      </>
    );
  }
  const entries = await listAudit(workspace.id);
  return (
    <>
      <PageHeader
        title="Audit log"
        description={`${workspace.name}: keys, members and roles, plan, signing secrets, webhooks, storage, monitors, templates, the brand kit and connected apps. Kept ${AUDIT_RETENTION_DAYS} days; the newest ${entries.length === 200 ? "200 are" : "entries are"} shown.`}
      />
      {entries.length === 0 ? (
        <p className={cn(cardClass, "px-6 py-12 text-center text-sm text-slate-600")}>Nothing recorded yet.</p>
      ) : (
        <TableCard data-testid="audit-log" head={<ColumnHeads names={["When (UTC)", "Who", "What", "Details"]} />}>
          {entries.map((e) => (
            <tr key={e.id} data-testid="audit-row" data-action={e.action}>
              <td className="whitespace-nowrap px-4 py-2 tabular-nums">{formatDateTime(e.at)}</td>
              <td className="px-4 py-2">{e.actor}</td>
              <td className="px-4 py-2">{e.text}</td>
              <td className="px-4 py-2 text-slate-600">{[e.target, describe(e.detail)].filter(Boolean).join(" · ")}</td>
            </tr>
          ))}
        </TableCard>
      )}
    </>
  );
}
