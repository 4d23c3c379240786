/**
 * A workspace's members and their roles (D28): list, create a team, change a role, remove, leave,
 * transfer ownership. Every change runs in a transaction holding the workspace row's lock, so two
 * owners demoting each other at once cannot leave a workspace without one. A person named by id who
 * is not a member of the workspace acted for is "not found", like any other workspace's data.
 */
import "server-only";
import { getDb } from "@/lib/db";
import type { Prisma } from "@/generated/prisma/client";
import { can, isRole, type Role } from "@/lib/auth/roles";
import { BrandedError } from "@/lib/vocabulary/branded-error";
import { endMemberConnectors } from "@/lib/keys/connectors";
import { endMemberKeys } from "@/lib/keys/member-keys";
import { revokeMemberGrants } from "@/lib/keys/oauth-grants";

/** A member change the rules refuse (the last owner, a personal workspace): its message is shown to the person. */
export class MemberChangeRefused extends BrandedError {
  static readonly brand: string = "glance.MemberChangeRefused";
}

export const MEMBER_NOT_FOUND = "No such member in this workspace.";
export const MAX_WORKSPACE_NAME_LENGTH = 64;

export interface MemberRow {
  userId: string;
  email: string | null;
  name: string | null;
  role: Role;
  since: Date;
}

export async function listMembers(workspaceId: string): Promise<MemberRow[]> {
  const db = await getDb();
  const rows = await db.workspaceMember.findMany({
    where: { workspaceId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows
    .filter((r) => isRole(r.role))
    .map((r) => ({
      userId: r.user.id,
      email: r.user.email,
      name: r.user.name,
      role: r.role as Role,
      since: r.createdAt,
    }));
}

/** A team workspace on the Free plan, with its creator as owner. Returns its id. */
export async function createTeam(ownerId: string, name: string): Promise<string> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const team = await tx.user.create({ data: { kind: "team", name }, select: { id: true } });
    await tx.workspaceMember.create({ data: { workspaceId: team.id, userId: ownerId, role: "owner" } });
    return team.id;
  });
}

type Tx = Prisma.TransactionClient;

async function locked<T>(workspaceId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${workspaceId} FOR UPDATE`;
    return work(tx);
  });
}

async function memberRole(tx: Tx, workspaceId: string, userId: string): Promise<Role | null> {
  const row = await tx.workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
  return row && isRole(row.role) ? row.role : null;
}

async function ownerCount(tx: Tx, workspaceId: string): Promise<number> {
  return tx.workspaceMember.count({ where: { workspaceId, role: "owner" } });
}

/**
 * The rules every change obeys: the person whose own row a personal workspace is stays its owner
 * (it is what they sign in as), and a workspace always keeps at least one owner.
 */
async function checkLeavesAnOwner(tx: Tx, workspaceId: string, userId: string, current: Role): Promise<void> {
  if (workspaceId === userId) throw new MemberChangeRefused("You always own your personal workspace.");
  if (current === "owner" && (await ownerCount(tx, workspaceId)) <= 1) {
    throw new MemberChangeRefused("A workspace needs an owner: make someone else owner first.");
  }
}

/** What ending (part of) a member's access ended (D28): for the audit log and the answer. */
export interface AccessEnded {
  revokedKeys: string[];
  keptKeys: string[];
  /** The connectors they made (D42): like keys, but never kept (a connector is run by a person). */
  revokedConnectors: string[];
  disconnectedApps: number;
  cancelledInvitations: number;
}

/**
 * Ends what a member holds in a workspace that `role` (null: no longer a member) may not hold, in
 * the change's transaction: the keys they made unless kept and their connectors (keys.write), their open invitations
 * (members.write). Their OAuth grants are deleted after the commit (disconnectApps), by the OAuth
 * store's own connection; their tokens are refused from the commit on anyway, since a token is
 * checked against its approver's membership on every use.
 */
async function endAccess(
  tx: Tx,
  workspaceId: string,
  userId: string,
  role: Role | null,
  keep: readonly string[],
): Promise<Omit<AccessEnded, "disconnectedApps">> {
  const holds = role !== null && can(role, "keys.write");
  const keys = holds ? { revoked: [], kept: [] } : await endMemberKeys(tx, workspaceId, userId, keep);
  const revokedConnectors = holds ? [] : await endMemberConnectors(tx, workspaceId, userId);
  let cancelledInvitations = 0;
  if (!role || !can(role, "members.write")) {
    ({ count: cancelledInvitations } = await tx.workspaceInvitation.updateMany({
      where: { workspaceId, invitedBy: userId, acceptedAt: null, declinedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    }));
  }
  return { revokedKeys: keys.revoked, keptKeys: keys.kept, revokedConnectors, cancelledInvitations };
}

async function disconnectApps(workspaceId: string, userId: string, role: Role | null): Promise<number> {
  return role && can(role, "keys.write") ? 0 : revokeMemberGrants(workspaceId, userId);
}

const NOTHING_ENDED: AccessEnded = {
  revokedKeys: [],
  keptKeys: [],
  revokedConnectors: [],
  disconnectedApps: 0,
  cancelledInvitations: 0,
};

/**
 * Sets `userId`'s role. `actorMayTouchOwners` is the actor's owners.write: without it, neither the
 * member's current role nor the new one may be owner. A role that takes a permission away ends
 * what it held (D28): without keys.write, the keys they made and the applications they connected;
 * without members.write, their open invitations.
 */
export async function changeRole(
  workspaceId: string,
  userId: string,
  role: Role,
  actorMayTouchOwners: boolean,
): Promise<AccessEnded> {
  const ended = await locked(workspaceId, async (tx) => {
    const current = await memberRole(tx, workspaceId, userId);
    if (!current) throw new MemberChangeRefused(MEMBER_NOT_FOUND);
    if (current === role) return null;
    if (!actorMayTouchOwners && (current === "owner" || role === "owner")) {
      throw new MemberChangeRefused("Only an owner can make or change an owner.");
    }
    if (current === "owner") await checkLeavesAnOwner(tx, workspaceId, userId, current);
    await tx.workspaceMember.update({ where: { workspaceId_userId: { workspaceId, userId } }, data: { role } });
    return endAccess(tx, workspaceId, userId, role, []);
  });
  if (!ended) return NOTHING_ENDED;
  return { ...ended, disconnectedApps: await disconnectApps(workspaceId, userId, role) };
}

/**
 * Removes a member (or the actor themself, when leaving). Their access ends on their next request,
 * for every credential (D28): the session acts for the workspace no more, the keys they made are
 * revoked but those in `keep` (which become the workspace's), the applications they connected are
 * disconnected, and their open invitations are cancelled.
 */
export async function removeMember(
  workspaceId: string,
  userId: string,
  actorMayTouchOwners: boolean,
  keep: readonly string[] = [],
): Promise<AccessEnded> {
  const ended = await locked(workspaceId, async (tx) => {
    const current = await memberRole(tx, workspaceId, userId);
    if (!current) throw new MemberChangeRefused(MEMBER_NOT_FOUND);
    if (current === "owner" && !actorMayTouchOwners)
      throw new MemberChangeRefused("Only an owner can remove an owner.");
    await checkLeavesAnOwner(tx, workspaceId, userId, current);
    await tx.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId, userId } } });
    return endAccess(tx, workspaceId, userId, null, keep);
  });
  return { ...ended, disconnectedApps: await disconnectApps(workspaceId, userId, null) };
}

/** The actor (an owner) makes `userId` owner and becomes admin, in one step. */
export async function transferOwnership(workspaceId: string, actorId: string, userId: string): Promise<void> {
  await locked(workspaceId, async (tx) => {
    if (workspaceId === actorId) throw new MemberChangeRefused("A personal workspace cannot be given away.");
    if ((await memberRole(tx, workspaceId, actorId)) !== "owner") {
      throw new MemberChangeRefused("Only an owner can transfer ownership.");
    }
    if (userId === actorId || !(await memberRole(tx, workspaceId, userId)))
      throw new MemberChangeRefused(MEMBER_NOT_FOUND);
    await tx.workspaceMember.update({
      where: { workspaceId_userId: { workspaceId, userId } },
      data: { role: "owner" },
    });
    await tx.workspaceMember.update({
      where: { workspaceId_userId: { workspaceId, userId: actorId } },
      data: { role: "admin" },
    });
  });
}
