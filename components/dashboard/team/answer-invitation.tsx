"use client";

import { useActionState } from "react";
import { answerInvitationAction, type AnswerState } from "@/lib/workspaces/invitation-actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert } from "@/components/ui";

export function AnswerInvitation({ token }: { token: string }) {
  const [state, action] = useActionState<AnswerState, FormData>(answerInvitationAction, {});
  return (
    <form action={action} className="mt-6 space-y-3">
      <input type="hidden" name="token" value={token} />
      <div className="flex gap-2">
        <SubmitButton name="answer" value="accept" pendingLabel="Joining…">
          Accept
        </SubmitButton>
        <SubmitButton name="answer" value="decline" variant="outline" pendingLabel="Declining…">
          Decline
        </SubmitButton>
      </div>
      {state.error && <Alert tone="danger">{state.error}</Alert>}
    </form>
  );
}
