import type { Metadata } from "next";
import Link from "next/link";
import { cn } from "@/components/ui";
import { ColumnHeads } from "@/components/dashboard/column-heads";
import { formatDate } from "@/components/dashboard/format";
import { PageHeader } from "@/components/dashboard/shell";
import { TableCard } from "@/components/dashboard/table-card";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { CreateTeam } from "@/components/dashboard/team/create-team";
import { InviteMember, RevokeInvitation } from "@/components/dashboard/team/invite-member";
import { LeaveWorkspace, MemberControls } from "@/components/dashboard/team/member-controls";
import { RemovalNotices } from "@/components/dashboard/team/removal-notice";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can, ROLE_LABELS } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { INVITABLE_ROLES, INVITATION_DAYS, pendingInvitations } from "@/lib/workspaces/invitations";
import { listMembers, MAX_WORKSPACE_NAME_LENGTH } from "@/lib/workspaces/members";
import { listMemberKeys, type MemberKey } from "@/lib/keys/member-keys";

export const metadata: Metadata = { title: "Team" };

/** The current workspace's members and roles (D28); every member may see them, owners and admins change them. */
export default async function TeamPage() {
  const workspace = await requireWorkspace("/dashboard/team");
  const manage = can(workspace.role, "members.write");
  const [members, invitations] = await Promise.all([
    listMembers(workspace.id),
    manage ? pendingInvitations(workspace.id) : Promise.resolve([]),
  ]);
  const mayTransfer = can(workspace.role, "owners.write") && workspace.kind === "team";
  // The keys each member made, listed in the dialog that removes them (D28).
  const keysOf = new Map<string, MemberKey[]>(
    manage
      ? await Promise.all(members.map(async (m) => [m.userId, await listMemberKeys(workspace.id, m.userId)] as const))
      : [],
  );
  return (
    <>
      <PageHeader
        actions={
          can(workspace.role, "audit.read") ? (
            <Link className={linkClass} href="/dashboard/team/audit">
              Audit log
            </Link>
          ) : undefined
        }
        title="Team"
        description={`${workspace.name}: you are ${ROLE_LABELS[workspace.role].toLowerCase()}. Members share this workspace's keys, plan, usage and settings; what each may change depends on their role.`}
      />
      <RemovalNotices>
        <TableCard
          cardClassName="mb-8"
          data-testid="members"
          head={<ColumnHeads names={["Member", "Role", "Since", ...(manage ? ["Change"] : [])]} />}
        >
          {members.map((m) => {
            const label = m.email ?? m.name ?? m.userId;
            const self = m.userId === workspace.user.id;
            return (
              <tr key={m.userId} data-testid="member-row">
                <td className="px-4 py-3">
                  {label}
                  {self && <span className="ml-1 text-slate-500">(you)</span>}
                </td>
                <td className="px-4 py-3" data-testid="member-role">
                  {ROLE_LABELS[m.role]}
                </td>
                <td className="whitespace-nowrap px-4 py-3 tabular-nums">{formatDate(m.since)}</td>
                {manage && (
                  <td className="px-4 py-3">
                    {!self && (
                      <MemberControls
                        userId={m.userId}
                        role={m.role}
                        label={label}
                        mayTransfer={mayTransfer}
                        keys={(keysOf.get(m.userId) ?? []).map(({ id, name, display }) => ({ id, name, display }))}
                      />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </TableCard>
      </RemovalNotices>
      {!manage && <RoleLimit role={workspace.role} permission="members.write" className="mb-8" />}
      {workspace.kind === "team" && !can(workspace.role, "owners.write") && (
        <RoleLimit role={workspace.role} permission="owners.write" className="mb-8" />
      )}
      {manage && (
        <section className={cn(cardClass, "mb-8 p-6")}>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Invite</h2>
          <p className="mb-4 text-sm text-slate-600">
            We e-mail a link that works for {INVITATION_DAYS} days. Someone without a Glance account gets one by signing
            in with that address.
          </p>
          <InviteMember roles={INVITABLE_ROLES} />
          {invitations.length > 0 && (
            <ul className="mt-6 divide-y divide-slate-100 text-sm" data-testid="invitations">
              {invitations.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                  data-testid="invitation-row"
                >
                  <span>
                    {i.email} · {ROLE_LABELS[i.role]} · expires {formatDate(i.expiresAt)}
                  </span>
                  <RevokeInvitation id={i.id} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {workspace.kind === "team" && (
        <section className="mb-8">
          <LeaveWorkspace />
        </section>
      )}
      <section className={cn(cardClass, "p-6")}>
        <h2 className="mb-2 text-lg font-semibold text-slate-900">New team</h2>
        <p className="mb-4 text-sm text-slate-600">
          A team is a workspace of its own, on the Free plan, with its own keys and settings; you are its owner.
        </p>
        <CreateTeam maxNameLength={MAX_WORKSPACE_NAME_LENGTH} />
      </section>
    </>
  );
}
