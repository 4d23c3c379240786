/**
 * The workspace a signed-in person acts for (D28). The browser names it in a cookie; the name is
 * only a wish: on every request it is checked against workspace_members, and a workspace the person
 * is no longer a member of (removed, or never was) falls back to their own personal workspace.
 * Nothing about a membership is kept beyond the request (React's cache is per request), so a removal
 * or a role change applies on every instance from the next request on.
 */
import "server-only";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { withDuePlanChange } from "@/lib/accounts/plan-change";
import { getDb } from "@/lib/db";
import { secureCookies } from "@/lib/auth/constants";
import { safeReturnPath } from "@/lib/auth/local-url";
import { can, isRole, type Permission, type Role } from "@/lib/auth/roles";
import { getCurrentUser, type SessionUser } from "@/lib/auth/session";
import type { PlanId } from "@/lib/plans";

export interface CurrentWorkspace {
  /** The workspace's id: the `user_id` of everything it owns. */
  id: string;
  name: string;
  kind: "personal" | "team";
  plan: PlanId;
  role: Role;
  /** The person acting. */
  user: SessionUser;
  /**
   * The cookie named a workspace the person is not (or no longer) a member of, so this is their
   * personal one instead: pages show it, actions refuse (the form was made for the other one).
   */
  fellBack: boolean;
}

export interface WorkspaceChoice {
  id: string;
  name: string;
  kind: "personal" | "team";
  role: Role;
}

/** Not httpOnly-sensitive (it grants nothing by itself) but kept httpOnly all the same. */
export function workspaceCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}glance.workspace`;
}

export function workspaceCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, secure: secureCookies(), path: "/", maxAge: 400 * 24 * 60 * 60 };
}

function workspaceName(row: { kind: string; name: string | null; email: string | null }): string {
  if (row.kind === "team") return row.name ?? "Team";
  return "Personal";
}

/** The person's membership in `workspaceId`, or null when they have none. */
export async function membershipOf(userId: string, workspaceId: string): Promise<WorkspaceChoice | null> {
  const db = await getDb();
  const row = await db.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { role: true, workspace: { select: { id: true, kind: true, name: true, email: true } } },
  });
  if (!row || !isRole(row.role)) return null;
  const kind = row.workspace.kind === "team" ? "team" : "personal";
  return { id: row.workspace.id, name: workspaceName(row.workspace), kind, role: row.role };
}

/** Every workspace the person belongs to: their personal one first, then teams by name. */
export async function workspacesOf(userId: string): Promise<WorkspaceChoice[]> {
  const db = await getDb();
  const rows = await db.workspaceMember.findMany({
    where: { userId },
    select: { role: true, workspace: { select: { id: true, kind: true, name: true, email: true } } },
  });
  return rows
    .filter((r) => isRole(r.role))
    .map((r) => ({
      id: r.workspace.id,
      name: workspaceName(r.workspace),
      kind: r.workspace.kind === "team" ? ("team" as const) : ("personal" as const),
      role: r.role as Role,
    }))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "personal" ? -1 : 1));
}

/**
 * The workspace `wanted` names if the person is a member of it, else their personal workspace.
 * Null only when the person has no membership at all (their own row's was removed by hand).
 */
export async function resolveWorkspace(
  user: SessionUser,
  wanted: string | undefined,
  now = new Date(),
): Promise<CurrentWorkspace | null> {
  const other = wanted && wanted !== user.id ? wanted : undefined;
  const chosen = other && other.length <= 64 ? await membershipOf(user.id, other) : null;
  const choice = chosen ?? (await membershipOf(user.id, user.id));
  if (!choice) return null;
  const db = await getDb();
  const read = () =>
    db.user.findUniqueOrThrow({ where: { id: choice.id }, select: { plan: true, scheduledPlanAt: true } });
  // A plan change that fell due applies here too, for the workspace acted for (D18).
  const row = await withDuePlanChange(
    await read(),
    (found) => (found.scheduledPlanAt && found.scheduledPlanAt <= now ? choice.id : null),
    read,
    now,
  );
  return { ...choice, plan: row.plan as PlanId, user, fellBack: Boolean(other) && !chosen };
}

/** The current request's workspace, or null when nobody is signed in. Deduplicated per request. */
export const getCurrentWorkspace = cache(async (): Promise<CurrentWorkspace | null> => {
  const user = await getCurrentUser();
  if (!user) return null;
  const jar = await cookies();
  return resolveWorkspace(user, jar.get(workspaceCookieName())?.value);
});

/**
 * For pages: the current workspace; a signed-out visitor is sent to sign in, and a role without
 * `permission` gets the page's 404 (the page is not there for them).
 */
export async function requireWorkspace(
  returnTo = "/dashboard",
  permission: Permission = "read",
): Promise<CurrentWorkspace> {
  const workspace = await getCurrentWorkspace();
  if (!workspace) redirect(`/signin?callbackUrl=${encodeURIComponent(safeReturnPath(returnTo))}`);
  if (!can(workspace.role, permission)) notFound();
  return workspace;
}
