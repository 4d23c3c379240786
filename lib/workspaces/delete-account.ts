/**
 * Deleting one's own account (#51, D28). A person's row is also their personal workspace, so
 * deleting it deletes everything that workspace owns — keys (refused at once: nothing caches a
 * key, D5), usage and the request log, templates, brand kit, monitors, jobs, webhook and storage
 * settings, connected apps — and the person's sessions, sign-in accounts and memberships: every
 * table names users ON DELETE CASCADE (the audit log's actor is SET NULL, keeping its label).
 *
 * Teams: one where the person is the only member goes with them (nobody else could reach it); one
 * where they are the last owner while others are members refuses the deletion until someone else
 * is owner (a team never loses its last owner, as for a removal); from any other they simply go,
 * with "deleted their account" in its audit log. A live Stripe subscription of a workspace that
 * would be deleted refuses too: it is cancelled in the billing portal first, so nobody is charged
 * for a workspace that no longer exists (D18).
 */
import "server-only";
import { getDb } from "@/lib/db";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { hasLiveSubscription } from "@/lib/billing/sessions";
import { endMemberConnectors } from "@/lib/keys/connectors";
import { endMemberKeys } from "@/lib/keys/member-keys";
import { recordAudit } from "@/lib/audit/audit-log";

export class AccountDeletionRefused extends BrandedError {
  static readonly brand: string = "glance.AccountDeletionRefused";
}

interface TeamRef {
  id: string;
  name: string;
}

export interface AccountDeletionPlan {
  /** Teams of which the person is the only member: deleted with the account. */
  deleted: TeamRef[];
  /** Teams the person leaves (others stay, with an owner). */
  left: TeamRef[];
  /** Teams whose last owner the person is while others are members: the deletion waits for them. */
  blocking: TeamRef[];
}

type Reader = Pick<Awaited<ReturnType<typeof getDb>>, "workspaceMember">;

/** What deleting `userId`'s account would do to their teams. */
export async function accountDeletionPlan(userId: string, reader?: Reader): Promise<AccountDeletionPlan> {
  const db = reader ?? (await getDb());
  const memberships = await db.workspaceMember.findMany({
    where: { userId, workspace: { kind: "team" } },
    select: {
      role: true,
      workspace: { select: { id: true, name: true, members: { select: { userId: true, role: true } } } },
    },
    orderBy: { createdAt: "asc" },
  });
  const plan: AccountDeletionPlan = { deleted: [], left: [], blocking: [] };
  for (const { role, workspace } of memberships) {
    const team = { id: workspace.id, name: workspace.name ?? "Team" };
    const others = workspace.members.filter((m) => m.userId !== userId);
    if (others.length === 0) plan.deleted.push(team);
    else if (role === "owner" && !others.some((m) => m.role === "owner")) plan.blocking.push(team);
    else plan.left.push(team);
  }
  return plan;
}

const names = (teams: TeamRef[]) => teams.map((t) => `"${t.name}"`).join(", ");

/** Deletes the person's account as described above; throws AccountDeletionRefused with what to do first. */
export async function deleteAccount(person: { id: string; email: string | null }): Promise<AccountDeletionPlan> {
  const before = await accountDeletionPlan(person.id);
  for (const id of [person.id, ...before.deleted.map((t) => t.id)]) {
    if (await hasLiveSubscription(id)) {
      throw new AccountDeletionRefused(
        `${id === person.id ? "Your personal workspace" : "A team that would be deleted with your account"} has a live subscription: cancel it on its Billing page (Manage billing) first.`,
      );
    }
  }
  const db = await getDb();
  return db.$transaction(async (tx) => {
    // The person's row, locked: two deletions (or a deletion and an invitation's answer) do not interleave.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${person.id} FOR UPDATE`;
    const plan = await accountDeletionPlan(person.id, tx);
    if (plan.blocking.length > 0) {
      throw new AccountDeletionRefused(
        `You are the last owner of ${names(plan.blocking)}, which ${plan.blocking.length === 1 ? "has" : "have"} other members: make one of them owner on the Team page (or remove them) first.`,
      );
    }
    for (const team of plan.left) {
      // The keys they made in a team they leave end as on a removal (D28): api_keys.created_by is
      // no foreign key, so deleting the person's row alone would leave those keys working. Their
      // grants (approved_by) and invitations (invited_by) go with the row.
      const { revoked } = await endMemberKeys(tx, team.id, person.id);
      // So do the connectors they made (D42; connectors.created_by is no foreign key either).
      const connectors = await endMemberConnectors(tx, team.id, person.id);
      await recordAudit(
        team.id,
        person,
        "account.deleted",
        null,
        { keysRevoked: revoked.length, connectorsRevoked: connectors.length },
        tx,
      );
    }
    if (plan.deleted.length > 0) await tx.user.deleteMany({ where: { id: { in: plan.deleted.map((t) => t.id) } } });
    await tx.user.delete({ where: { id: person.id } });
    return plan;
  });
}
