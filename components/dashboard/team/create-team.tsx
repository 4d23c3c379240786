"use client";

import { useActionState, useId } from "react";
import { createTeamAction, type CreateTeamState } from "@/lib/workspaces/actions";
import { LabelledField } from "@/components/dashboard/labelled-field";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, Input } from "@/components/ui";

/** A new team workspace (Free plan), with the signed-in person as its owner (D28). */
export function CreateTeam({ maxNameLength }: { maxNameLength: number }) {
  const [state, action] = useActionState<CreateTeamState, FormData>(createTeamAction, {});
  const id = useId();
  return (
    <form action={action} className="space-y-2" data-testid="create-team">
      <LabelledField id={`${id}-name`} label="Team name">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id={`${id}-name`} name="name" defaultValue={state.name} maxLength={maxNameLength} autoComplete="off" />
          <SubmitButton pendingLabel="Creating…">Create team</SubmitButton>
        </div>
      </LabelledField>
      {state.error && <Alert tone="danger">{state.error}</Alert>}
    </form>
  );
}
