"use client";

import { useActionState, useId } from "react";
import { inviteMemberAction, revokeInvitationAction, type InviteState } from "@/lib/workspaces/invitation-actions";
import type { Role } from "@/lib/auth/roles";
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
        <div className="flex-1">
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-700">
            E-mail address
          </label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={state.status === "error" ? state.email : undefined}
          />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-700">
            Invite as
          </label>
          <RoleSelect id={`${id}-role`} roles={roles} defaultValue="developer" />
        </div>
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
