"use server";
/**
 * Dashboard actions on workspaces (D28): switch the workspace acted for, create a team, change a
 * member's role, remove a member, leave, transfer ownership. Each checks the origin (CSRF), the
 * session and (dashboardAction) the role; switching and creating a team act for the person, not a
 * workspace, so they check the origin and session themselves. A member id from another workspace
 * is "not found".
 */
import { revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { dashboardAction, many, refuseWithError, text } from "@/lib/auth/dashboard-action";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { can, ROLES } from "@/lib/auth/roles";
import { getCurrentUser } from "@/lib/auth/session";
import { membershipOf, workspaceCookieName, workspaceCookieOptions } from "@/lib/auth/workspace";
import { log } from "@/lib/log";
import { recordAudit, type AuditActor } from "@/lib/audit/audit-log";
import {
  type AccessEnded,
  changeRole,
  createTeam,
  MAX_WORKSPACE_NAME_LENGTH,
  MEMBER_NOT_FOUND,
  MemberChangeRefused,
  removeMember,
  transferOwnership,
} from "./members";

export type MemberActionState =
  { status: "idle" } | { status: "done"; message: string } | { status: "error"; message: string };

const id = z.string().min(1).max(64);

async function setCurrent(workspaceId: string): Promise<void> {
  (await cookies()).set(workspaceCookieName(), workspaceId, workspaceCookieOptions());
}

/**
 * The dashboard pages every workspace has, longest first. A page of one thing (a key, a monitor, a
 * logged request) belongs to its workspace, so switching from it lands on its list.
 */
const WORKSPACE_PAGES = [
  "/dashboard/usage/log",
  "/dashboard/team/audit",
  "/dashboard/account",
  "/dashboard/billing",
  "/dashboard/brand",
  "/dashboard/keys",
  "/dashboard/monitors",
  "/dashboard/storage",
  "/dashboard/team",
  "/dashboard/templates",
  "/dashboard/usage",
  "/dashboard/webhooks",
] as const;

/** Where a switch made on the page `from` lands: that page when every workspace has it, else Overview. */
function samePageElsewhere(from: FormDataEntryValue | null): string {
  const path = typeof from === "string" ? from : "";
  return WORKSPACE_PAGES.find((page) => path === page || path.startsWith(`${page}/`)) ?? "/dashboard";
}

/** Acts for another workspace the person belongs to; any other id changes nothing ("not found"). */
export async function switchWorkspaceAction(formData: FormData): Promise<void> {
  if (!isSameOriginRequest(await headers())) redirect("/dashboard?workspace=origin");
  const user = await getCurrentUser();
  if (!user) redirect("/signin?callbackUrl=%2Fdashboard");
  const wanted = id.safeParse(formData.get("workspace"));
  const membership = wanted.success ? await membershipOf(user.id, wanted.data) : null;
  if (!membership) redirect("/dashboard?workspace=not-found");
  await setCurrent(membership.id);
  revalidatePath("/dashboard", "layout");
  redirect(samePageElsewhere(formData.get("from")));
}

export interface CreateTeamState {
  error?: string;
  name?: string;
}

export async function createTeamAction(_prev: CreateTeamState, formData: FormData): Promise<CreateTeamState> {
  const name = String(formData.get("name") ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (!isSameOriginRequest(await headers()))
    return { error: "This request did not come from the Glance dashboard.", name };
  const user = await getCurrentUser();
  if (!user) return { error: "Your session has ended. Sign in again to create a team.", name };
  if (name.length === 0) return { error: "Enter a name for the team.", name };
  if (name.length > MAX_WORKSPACE_NAME_LENGTH)
    return { error: `Team names are at most ${MAX_WORKSPACE_NAME_LENGTH} characters.`, name };
  const teamId = await createTeam(user.id, name);
  log.info("team created", { userId: user.id, workspaceId: teamId });
  await recordAudit(teamId, user, "team.created", null, { name });
  await setCurrent(teamId);
  revalidatePath("/dashboard", "layout");
  redirect("/dashboard/team");
}

function refusedBy(error: unknown): MemberActionState {
  if (error instanceof MemberChangeRefused) return { status: "error", message: error.message };
  throw error;
}

const memberId = text(z.string().min(1, MEMBER_NOT_FOUND).max(64, MEMBER_NOT_FOUND));

/** What a removal or a role change ended (D28), as the audit entry's detail. */
function endedDetail(ended: AccessEnded) {
  return {
    keysRevoked: ended.revokedKeys.length,
    keysKept: ended.keptKeys.length,
    connectorsRevoked: ended.revokedConnectors.length,
    appsDisconnected: ended.disconnectedApps,
    invitationsCancelled: ended.cancelledInvitations,
  };
}

/** The audit entries of the keys a removal or role change ended or handed to the workspace. */
async function auditKeys(workspace: { id: string; user: AuditActor }, member: string, ended: AccessEnded) {
  for (const keyId of ended.revokedKeys)
    await recordAudit(workspace.id, workspace.user, "key.revoked", keyId, { reason: "member access ended", member });
  // A kept key's secret is known to the person it came from: the entry says so, for whoever reads the log.
  for (const keyId of ended.keptKeys)
    await recordAudit(workspace.id, workspace.user, "key.kept", keyId, { formerMaker: member });
  for (const connectorId of ended.revokedConnectors)
    await recordAudit(workspace.id, workspace.user, "connector.revoked", connectorId, {
      reason: "member access ended",
      member,
    });
}

/** The sentence a removal or role change answers with: what ended with it. */
function endedMessage(done: string, ended: AccessEnded): string {
  const parts = [
    ended.revokedKeys.length > 0 && `${ended.revokedKeys.length} of their keys revoked`,
    ended.keptKeys.length > 0 && `${ended.keptKeys.length} kept for the workspace (roll them on their pages)`,
    ended.revokedConnectors.length > 0 && `${ended.revokedConnectors.length} connector(s) revoked`,
    ended.disconnectedApps > 0 && `${ended.disconnectedApps} connected app(s) disconnected`,
    ended.cancelledInvitations > 0 && `${ended.cancelledInvitations} invitation(s) cancelled`,
  ].filter(Boolean);
  return parts.length > 0 ? `${done} ${parts.join(", ")}.` : done;
}
const members = { what: "members", permission: "members.write", refused: refuseWithError } as const;

export const changeRoleAction = dashboardAction(
  {
    ...members,
    // A role without keys.write ends the member's keys (D28): each revoked key is an entry.
    audit: ["member.role_changed", "key.revoked", "key.kept", "connector.revoked"],
    input: z.object({ userId: memberId, role: text(z.enum(ROLES, "Choose one of the roles.")) }),
  },
  async ({ workspace, input: { userId, role } }): Promise<MemberActionState> => {
    let ended: AccessEnded;
    try {
      ended = await changeRole(workspace.id, userId, role, can(workspace.role, "owners.write"));
    } catch (error) {
      return refusedBy(error);
    }
    log.info("member role changed", { workspaceId: workspace.id, userId, role, ...endedDetail(ended) });
    await recordAudit(workspace.id, workspace.user, "member.role_changed", userId, { role, ...endedDetail(ended) });
    await auditKeys(workspace, userId, ended);
    revalidatePath("/dashboard", "layout");
    return { status: "done", message: endedMessage("Role changed.", ended) };
  },
);

/**
 * Removes a member: every credential they hold in the workspace ends (D28). `keep` names keys they
 * made that the workspace keeps anyway — ticked one by one in the removal dialog, under its warning
 * that the removed person knows their secrets; each is written to the audit log.
 */
export const removeMemberAction = dashboardAction(
  {
    ...members,
    audit: ["member.removed", "key.revoked", "key.kept", "connector.revoked"],
    input: z.object({ userId: memberId, keep: many() }),
  },
  async ({ workspace, input: { userId, keep } }): Promise<MemberActionState> => {
    let ended: AccessEnded;
    try {
      ended = await removeMember(workspace.id, userId, can(workspace.role, "owners.write"), keep);
    } catch (error) {
      return refusedBy(error);
    }
    log.info("member removed", { workspaceId: workspace.id, userId, ...endedDetail(ended) });
    await recordAudit(workspace.id, workspace.user, "member.removed", userId, endedDetail(ended));
    await auditKeys(workspace, userId, ended);
    revalidatePath("/dashboard", "layout");
    return { status: "done", message: endedMessage("Member removed:", ended) };
  },
);

export const transferOwnershipAction = dashboardAction(
  {
    what: "ownership",
    permission: "owners.write",
    audit: "ownership.transferred",
    refused: refuseWithError,
    input: z.object({ userId: memberId }),
  },
  async ({ workspace, input: { userId } }): Promise<MemberActionState> => {
    try {
      await transferOwnership(workspace.id, workspace.user.id, userId);
    } catch (error) {
      return refusedBy(error);
    }
    log.info("ownership transferred", { workspaceId: workspace.id, userId });
    await recordAudit(workspace.id, workspace.user, "ownership.transferred", userId);
    revalidatePath("/dashboard", "layout");
    return { status: "done", message: "Ownership transferred: you are now an admin." };
  },
);

/** Leaves the current workspace (any role may) and goes back to the personal one. */
export const leaveWorkspaceAction = dashboardAction(
  {
    what: "your membership",
    permission: "read",
    audit: ["member.left", "key.revoked", "key.kept", "connector.revoked"],
    refused: refuseWithError,
  },
  async ({ workspace }): Promise<MemberActionState> => {
    // Leaving ends everything the person held here, keys included: keeping one is the team's
    // choice (a removal by an owner or admin), not the leaver's (D28).
    let ended: AccessEnded;
    try {
      ended = await removeMember(workspace.id, workspace.user.id, true);
    } catch (error) {
      return refusedBy(error);
    }
    log.info("member left", { workspaceId: workspace.id, userId: workspace.user.id, ...endedDetail(ended) });
    await recordAudit(workspace.id, workspace.user, "member.left", null, endedDetail(ended));
    await auditKeys(workspace, workspace.user.id, ended);
    await setCurrent(workspace.user.id);
    revalidatePath("/dashboard", "layout");
    redirect("/dashboard");
  },
);
