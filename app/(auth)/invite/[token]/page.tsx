import type { Metadata } from "next";
import Link from "next/link";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { AnswerInvitation } from "@/components/dashboard/team/answer-invitation";
import { cn } from "@/components/ui";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { getCurrentUser } from "@/lib/auth/session";
import { findInvitation } from "@/lib/workspaces/invitations";

export const metadata: Metadata = { title: "Invitation", robots: { index: false } };

/**
 * An invitation link (D28). Anyone may open it; only the invited address, signed in, may answer.
 * Someone without an account signs in with that address first, which creates the account.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, user] = await Promise.all([findInvitation(token), getCurrentUser()]);
  const back = `/invite/${encodeURIComponent(token)}`;
  return (
    <div className={cn(cardClass, "w-full max-w-md p-6 sm:p-8")} data-testid="invitation">
      {!invitation ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Invitation not valid</h1>
          <p className="mt-2 text-sm text-slate-600">
            This invitation was used, declined, revoked or has expired. Ask for a new one.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Join {invitation.workspaceName}</h1>
          <p className="mt-2 text-sm text-slate-600">
            {invitation.inviter ?? "Someone"} invited <strong>{invitation.email}</strong> to this Glance workspace as{" "}
            {ROLE_LABELS[invitation.role].toLowerCase()}.
          </p>
          {!user ? (
            <p className="mt-6 text-sm">
              <Link
                className={linkClass}
                href={`/signin?callbackUrl=${encodeURIComponent(back)}&email=${encodeURIComponent(invitation.email)}`}
              >
                Sign in as {invitation.email}
              </Link>{" "}
              to answer. Without an account, signing in creates one.
            </p>
          ) : user.email !== invitation.email ? (
            <p className="mt-6 text-sm text-slate-700">
              You are signed in as {user.email ?? "another account"}. Sign out and sign in as {invitation.email} to
              answer this invitation.
            </p>
          ) : (
            <AnswerInvitation token={token} />
          )}
        </>
      )}
    </div>
  );
}
