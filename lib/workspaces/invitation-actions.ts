"use server";
/**
 * Invitation actions (D28): invite by e-mail and revoke (owners and admins), accept or decline
 * (the invited person, signed in with the invited address). The e-mail goes by the sign-in mail's
 * path (lib/auth/mailer.ts); its link opens /invite/<token>.
 */
import { revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { dashboardAction, dashboardFormAction, text, type FormFields, type Refusal } from "@/lib/auth/dashboard-action";
import { deliverLinkMail, MailDeliveryError } from "@/lib/auth/mailer";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { getCurrentUser } from "@/lib/auth/session";
import { workspaceCookieName, workspaceCookieOptions } from "@/lib/auth/workspace";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { recordAudit } from "@/lib/audit/audit-log";
import {
  answerInvitation,
  createInvitation,
  INVITABLE_ROLES,
  INVITATION_DAYS,
  InvitationRefused,
  revokeInvitation,
} from "./invitations";

export type InviteState =
  { status: "idle" } | { status: "sent"; email: string } | { status: "error"; message: string; email?: string };

const inviteInput = z.object({
  email: text(
    z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid e-mail address, like you@example.com.")),
  ),
  role: text(z.enum(INVITABLE_ROLES, "Choose the role to invite them as.")),
});

export const inviteMemberAction = dashboardAction(
  {
    what: "members",
    permission: "members.write",
    audit: "member.invited",
    input: inviteInput,
    refused: ({ message }: Refusal, form: FormFields): InviteState => ({
      status: "error",
      message,
      email: typeof form.email === "string" ? form.email : undefined,
    }),
  },
  async ({ workspace, input: { email, role } }): Promise<InviteState> => {
    try {
      const { token, expiresAt } = await createInvitation(workspace.id, workspace.user.id, email, role);
      const url = `${env().APP_URL}/invite/${token}`;
      const inviter = workspace.user.email ?? workspace.user.name ?? "A Glance user";
      await deliverLinkMail(
        email,
        {
          subject: `${inviter} invited you to ${workspace.name} on Glance`,
          action: `Open the invitation to ${workspace.name}`,
          text: [
            `${inviter} invited you to join the workspace "${workspace.name}" on Glance as ${ROLE_LABELS[role].toLowerCase()}.`,
            "",
            "Open this link to accept or decline:",
            "",
            url,
            "",
            `The invitation expires in ${INVITATION_DAYS} days. If you have no Glance account, signing in with this address creates one.`,
          ].join("\n"),
        },
        url,
        expiresAt,
      );
      log.info("member invited", { workspaceId: workspace.id, role });
      await recordAudit(workspace.id, workspace.user, "member.invited", email, { role });
    } catch (error) {
      if (error instanceof InvitationRefused) return { status: "error", message: error.message, email };
      if (error instanceof MailDeliveryError) {
        return { status: "error", message: "The invitation e-mail could not be sent. Please try again.", email };
      }
      throw error;
    }
    revalidatePath("/dashboard/team");
    return { status: "sent", email };
  },
);

/** A refused revoke does nothing: the list it was sent from shows the invitations as they are. */
export const revokeInvitationAction = dashboardFormAction(
  {
    what: "members",
    permission: "members.write",
    audit: "invitation.revoked",
    input: z.object({ id: text(z.string().max(64)) }),
    refused: () => undefined,
  },
  async ({ workspace, input: { id } }) => {
    if (await revokeInvitation(workspace.id, id)) {
      log.info("invitation revoked", { workspaceId: workspace.id });
      await recordAudit(workspace.id, workspace.user, "invitation.revoked", id);
    }
    revalidatePath("/dashboard/team");
  },
);

export interface AnswerState {
  error?: string;
}

/** Accept (then act for the workspace) or decline the invitation the form's token names. */
export async function answerInvitationAction(_prev: AnswerState, formData: FormData): Promise<AnswerState> {
  if (!isSameOriginRequest(await headers())) return { error: "This request did not come from Glance." };
  const user = await getCurrentUser();
  if (!user) return { error: "Your session has ended. Sign in again to answer the invitation." };
  const token = String(formData.get("token") ?? "");
  const accept = formData.get("answer") === "accept";
  let workspaceId: string;
  try {
    const invitation = await answerInvitation(token, user, accept);
    workspaceId = invitation.workspaceId;
    if (accept) await recordAudit(workspaceId, user, "member.joined", null, { role: invitation.role });
  } catch (error) {
    if (error instanceof InvitationRefused) return { error: error.message };
    throw error;
  }
  log.info(accept ? "invitation accepted" : "invitation declined", { workspaceId, userId: user.id });
  if (!accept) redirect("/dashboard?invitation=declined");
  (await cookies()).set(workspaceCookieName(), workspaceId, workspaceCookieOptions());
  revalidatePath("/dashboard", "layout");
  redirect("/dashboard");
}
