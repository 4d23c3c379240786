"use client";

import { useActionState, useId } from "react";
import { deleteAccountAction, type DeleteAccountState } from "@/lib/workspaces/account-actions";
import { LabelledField } from "@/components/dashboard/labelled-field";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, Input } from "@/components/ui";

/**
 * The account's deletion (#51): what goes with it is said on the page (server-rendered, around
 * this form); the person types their address to confirm, and a refusal says what to do first.
 */
export function DeleteAccountForm({ confirmation, blocked }: { confirmation: string; blocked: boolean }) {
  const [state, action] = useActionState<DeleteAccountState, FormData>(deleteAccountAction, {});
  const id = useId();
  return (
    <form action={action} className="space-y-3" data-testid="delete-account">
      <LabelledField
        id={`${id}-confirm`}
        label={`To confirm, type ${confirmation === "DELETE" ? "DELETE" : "your e-mail address"}`}
      >
        <Input
          id={`${id}-confirm`}
          name="confirm"
          autoComplete="off"
          placeholder={confirmation}
          disabled={blocked}
          aria-describedby={state.error ? `${id}-error` : undefined}
        />
      </LabelledField>
      {state.error && (
        <div id={`${id}-error`}>
          <Alert tone="danger">{state.error}</Alert>
        </div>
      )}
      <SubmitButton variant="danger" pendingLabel="Deleting…" disabled={blocked}>
        Delete my account
      </SubmitButton>
    </form>
  );
}
