/**
 * Invitations by e-mail (D28): invite, list, revoke, and — for the person the invitation names —
 * accept or decline. The link carries a random token of which only the SHA-256 is stored; it is
 * good for INVITATION_DAYS and once. Accepting needs a session for the invited address: someone
 * without an account signs in by e-mail from the invitation page, which creates it (Auth.js).
 */
import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/db";
import { can, isRole, type Role } from "@/lib/auth/roles";
import { BrandedError } from "@/lib/vocabulary/branded-error";

export const INVITATION_DAYS = 7;
export const INVITABLE_ROLES = ["admin", "developer", "billing", "viewer"] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** An invitation that cannot be used (gone, or for another address): its message is shown to the person. */
export class InvitationRefused extends BrandedError {
  static readonly brand: string = "glance.InvitationRefused";
}

const INVITATION_GONE = "This invitation is no longer valid: it was used, declined, revoked or has expired.";
const INVITER_GONE =
  "This invitation is no longer valid: the person who sent it may no longer invite members to this workspace.";

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
}

export interface InvitationView {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: Role;
  expiresAt: Date;
  inviter: string | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Creates (or renews: the open invitation to the same address is revoked) an invitation and
 * returns its token, to be mailed. An address that is already a member is refused.
 */
export async function createInvitation(
  workspaceId: string,
  invitedBy: string,
  email: string,
  role: InvitableRole,
  now = new Date(),
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const db = await getDb();
  const member = await db.workspaceMember.findFirst({
    where: { workspaceId, user: { email } },
    select: { userId: true },
  });
  if (member) throw new InvitationRefused(`${email} is already a member of this workspace.`);
  const token = randomBytes(32).toString("base64url");
  const id = `inv_${randomUUID()}`;
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  await db.$transaction([
    db.workspaceInvitation.updateMany({
      where: { workspaceId, email, acceptedAt: null, declinedAt: null, revokedAt: null },
      data: { revokedAt: now },
    }),
    db.workspaceInvitation.create({
      data: { id, workspaceId, email, role, tokenHash: hashToken(token), invitedBy, expiresAt, createdAt: now },
    }),
  ]);
  return { token, id, expiresAt };
}

export async function pendingInvitations(workspaceId: string, now = new Date()): Promise<PendingInvitation[]> {
  const db = await getDb();
  const rows = await db.workspaceInvitation.findMany({
    where: { workspaceId, acceptedAt: null, declinedAt: null, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
  });
  return rows.flatMap((r) => (isRole(r.role) ? [{ ...r, role: r.role }] : []));
}

/** Revokes an open invitation of this workspace; false when there is none with that id. */
export async function revokeInvitation(workspaceId: string, id: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.workspaceInvitation.updateMany({
    where: { id, workspaceId, acceptedAt: null, declinedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  return count === 1;
}

/** The open, unexpired invitation a token names, or null. */
export async function findInvitation(token: string, now = new Date()): Promise<InvitationView | null> {
  if (token.length > 100) return null;
  const db = await getDb();
  const row = await db.workspaceInvitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { workspace: { select: { name: true, kind: true } }, inviter: { select: { email: true, name: true } } },
  });
  if (!row || row.acceptedAt || row.declinedAt || row.revokedAt || row.expiresAt <= now || !isRole(row.role))
    return null;
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    workspaceName: row.workspace.kind === "team" ? (row.workspace.name ?? "Team") : "a personal workspace",
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    inviter: row.inviter?.email ?? row.inviter?.name ?? null,
  };
}

/**
 * Accepts (joins with the invitation's role) or declines, once: the update is conditional on the
 * invitation being still open, so two clicks or two tabs cannot both act. Only the person whose
 * address the invitation names may answer it.
 */
export async function answerInvitation(
  token: string,
  person: { id: string; email: string | null },
  accept: boolean,
  now = new Date(),
): Promise<InvitationView> {
  const invitation = await findInvitation(token, now);
  if (!invitation) throw new InvitationRefused(INVITATION_GONE);
  if (!person.email || person.email.toLowerCase() !== invitation.email) {
    throw new InvitationRefused(`This invitation is for ${invitation.email}. Sign in with that address to answer it.`);
  }
  const db = await getDb();
  const inviterGone = await db.$transaction(async (tx) => {
    // An invitation speaks for its sender (D28): accepting it re-checks that they are still a
    // member who may invite. If not, it is revoked instead, whatever their removal missed.
    if (accept && !(await inviterMayInvite(tx, invitation.id, invitation.workspaceId))) {
      await tx.workspaceInvitation.updateMany({
        where: { id: invitation.id, acceptedAt: null, declinedAt: null, revokedAt: null },
        data: { revokedAt: now },
      });
      return true;
    }
    const { count } = await tx.workspaceInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, declinedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: accept ? { acceptedAt: now } : { declinedAt: now },
    });
    if (count !== 1) throw new InvitationRefused(INVITATION_GONE);
    if (accept) {
      await tx.workspaceMember.upsert({
        where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: person.id } },
        create: { workspaceId: invitation.workspaceId, userId: person.id, role: invitation.role },
        update: {},
      });
    }
    return false;
  });
  if (inviterGone) throw new InvitationRefused(INVITER_GONE);
  return invitation;
}

/** Whether the invitation's sender is still a member of its workspace whose role may invite. */
async function inviterMayInvite(
  tx: Prisma.TransactionClient,
  invitationId: string,
  workspaceId: string,
): Promise<boolean> {
  const row = await tx.workspaceInvitation.findUnique({ where: { id: invitationId }, select: { invitedBy: true } });
  if (!row?.invitedBy) return false;
  const inviter = await tx.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: row.invitedBy } },
    select: { role: true },
  });
  return inviter !== null && isRole(inviter.role) && can(inviter.role, "members.write");
}
