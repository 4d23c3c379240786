/**
 * The keys a member made in a workspace (D28): shown in the dialog that removes them, and ended
 * with their membership. A key names its maker (`created_by`, migration 0020); one with none is the
 * workspace's alone and outlives every member.
 */
import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/db";

export interface MemberKey {
  id: string;
  name: string;
  display: string;
  lastUsedAt: Date | null;
}

/** The live keys (active or paused) a member created in a workspace: what their removal revokes. */
export async function listMemberKeys(workspaceId: string, memberId: string): Promise<MemberKey[]> {
  const db = await getDb();
  return db.apiKey.findMany({
    where: { userId: workspaceId, createdBy: memberId, revokedAt: null },
    select: { id: true, name: true, display: true, lastUsedAt: true },
    orderBy: { createdAt: "desc" },
  });
}

/**
 * Ends the keys a member created in a workspace, in the caller's transaction (their removal, or a
 * role that may hold none): each is revoked but those in `keep`, which become the workspace's own
 * (no maker) — an explicit choice of whoever removed them. Returns the ids of each.
 */
export async function endMemberKeys(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  memberId: string,
  keep: readonly string[] = [],
  now = new Date(),
): Promise<{ revoked: string[]; kept: string[] }> {
  const ids = (
    await tx.apiKey.findMany({
      where: { userId: workspaceId, createdBy: memberId, revokedAt: null },
      select: { id: true },
    })
  ).map((k) => k.id);
  const kept = ids.filter((id) => keep.includes(id));
  const revoked = ids.filter((id) => !keep.includes(id));
  if (revoked.length > 0)
    await tx.apiKey.updateMany({ where: { id: { in: revoked }, revokedAt: null }, data: { revokedAt: now } });
  if (kept.length > 0) await tx.apiKey.updateMany({ where: { id: { in: kept } }, data: { createdBy: null } });
  return { revoked, kept };
}
