"use client";

import { useActionState, useId } from "react";
import { inviteMemberAction, revokeInvitationAction, type InviteState } from "@/lib/workspaces/invitation-actions";
import type { Role } from "@/lib/auth/roles";
import { LabelledField } from "@/components/dashboard/labelled-field";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { RoleSelect } from "@/components/dashboard/team/role-select";
import { RowAction } from "@/components/dashboard/team/row-action";
import { Alert, Input } from "@/components/ui";

/** Invites an address as one of the roles below owner (owners are made from members, D28). */
export function InviteMember({ roles }: { roles: readonly Role[] }) {
  const [state, action] = useActionState<InviteState, FormData>(inviteMemberAction, { status: "idle" });
  const id = useId();
  return (
    <form action={action} className="space-y-2" data-testid="invite-member">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <LabelledField id={`${id}-email`} label="E-mail address" className="flex-1">
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={state.status === "error" ? state.email : undefined}
          />
        </LabelledField>
        <LabelledField id={`${id}-role`} label="Invite as">
          <RoleSelect id={`${id}-role`} roles={roles} defaultValue="developer" />
        </LabelledField>
        <SubmitButton pendingLabel="Sending…">Send invitation</SubmitButton>
      </div>
      <p aria-live="polite" className="text-sm text-emerald-800">
        {state.status === "sent" ? `Invitation sent to ${state.email}.` : ""}
      </p>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
    </form>
  );
}

export function RevokeInvitation({ id }: { id: string }) {
  return (
    <RowAction action={revokeInvitationAction} name="id" value={id} pendingLabel="Revoking…">
      Revoke
    </RowAction>
  );
}
