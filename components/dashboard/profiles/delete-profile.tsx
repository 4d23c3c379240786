"use client";

import { useActionState } from "react";
import { deleteProfileAction, type DeleteProfileState } from "@/lib/profiles/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert } from "@/components/ui";

/** Deletes one saved login (D43); the action checks the role again. */
export function DeleteProfile({ name }: { name: string }) {
  const [state, action] = useActionState<DeleteProfileState, FormData>(deleteProfileAction, { status: "idle" });
  return (
    <form action={action} className="flex items-center justify-end gap-2">
      <input type="hidden" name="name" value={name} />
      <SubmitButton variant="secondary" pendingLabel="Deleting…" aria-label={`Delete ${name}`}>
        Delete
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
    </form>
  );
}
