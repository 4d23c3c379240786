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
import { dashboardAction, refuseWithError, text } from "@/lib/auth/dashboard-action";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { can, ROLES } from "@/lib/auth/roles";
import { getCurrentUser } from "@/lib/auth/session";
import { membershipOf, workspaceCookieName, workspaceCookieOptions } from "@/lib/auth/workspace";
import { log } from "@/lib/log";
import { recordAudit } from "./audit";
import {
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
const members = { what: "members", permission: "members.write", refused: refuseWithError } as const;

export const changeRoleAction = dashboardAction(
  { ...members, input: z.object({ userId: memberId, role: text(z.enum(ROLES, "Choose one of the roles.")) }) },
  async ({ workspace, input: { userId, role } }): Promise<MemberActionState> => {
    try {
      await changeRole(workspace.id, userId, role, can(workspace.role, "owners.write"));
    } catch (error) {
      return refusedBy(error);
    }
    log.info("member role changed", { workspaceId: workspace.id, userId, role });
    await recordAudit(workspace.id, workspace.user, "member.role_changed", userId, { role });
    revalidatePath("/dashboard/team");
    return { status: "done", message: "Role changed." };
  },
);

export const removeMemberAction = dashboardAction(
  { ...members, input: z.object({ userId: memberId }) },
  async ({ workspace, input: { userId } }): Promise<MemberActionState> => {
    try {
      await removeMember(workspace.id, userId, can(workspace.role, "owners.write"));
    } catch (error) {
      return refusedBy(error);
    }
    log.info("member removed", { workspaceId: workspace.id, userId });
    await recordAudit(workspace.id, workspace.user, "member.removed", userId);
    revalidatePath("/dashboard/team");
    return { status: "done", message: "Member removed." };
  },
);

export const transferOwnershipAction = dashboardAction(
  { what: "ownership", permission: "owners.write", refused: refuseWithError, input: z.object({ userId: memberId }) },
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
  { what: "your membership", permission: "read", refused: refuseWithError },
  async ({ workspace }): Promise<MemberActionState> => {
    try {
      await removeMember(workspace.id, workspace.user.id, true);
    } catch (error) {
      return refusedBy(error);
    }
    log.info("member left", { workspaceId: workspace.id, userId: workspace.user.id });
    await recordAudit(workspace.id, workspace.user, "member.left");
    await setCurrent(workspace.user.id);
    revalidatePath("/dashboard", "layout");
    redirect("/dashboard");
  },
);
