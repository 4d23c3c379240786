"use client";

import { useActionState, useId } from "react";
import {
  changeRoleAction,
  leaveWorkspaceAction,
  removeMemberAction,
  transferOwnershipAction,
  type MemberActionState,
} from "@/lib/workspaces/actions";
import { ROLES, type Role } from "@/lib/auth/roles";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { RoleSelect } from "@/components/dashboard/team/role-select";
import { RowAction } from "@/components/dashboard/team/row-action";
import { Alert } from "@/components/ui";

function Outcome({ state }: { state: MemberActionState }) {
  if (state.status === "error") return <Alert tone="danger">{state.message}</Alert>;
  return (
    <p aria-live="polite" className="text-sm text-emerald-800">
      {state.status === "done" ? state.message : ""}
    </p>
  );
}

/** Role, transfer and removal for one member; the server decides what the actor may do (D28). */
export function MemberControls({
  userId,
  role,
  label,
  mayTransfer,
}: {
  userId: string;
  role: Role;
  label: string;
  mayTransfer: boolean;
}) {
  const [roleState, roleAction] = useActionState<MemberActionState, FormData>(changeRoleAction, { status: "idle" });
  const [removeState, removeAction] = useActionState<MemberActionState, FormData>(removeMemberAction, {
    status: "idle",
  });
  const [transferState, transferAction] = useActionState<MemberActionState, FormData>(transferOwnershipAction, {
    status: "idle",
  });
  const id = useId();
  return (
    <div className="space-y-2" data-testid="member-controls">
      <div className="flex flex-wrap items-center gap-2">
        <form action={roleAction} className="flex items-center gap-2">
          <input type="hidden" name="userId" value={userId} />
          <label htmlFor={`${id}-role`} className="sr-only">
            Role of {label}
          </label>
          {/* Keyed by the saved role: React resets a form after its action, and an uncontrolled
              select would go back to the role it was first drawn with. */}
          <RoleSelect key={role} id={`${id}-role`} roles={ROLES} defaultValue={role} compact />
          <SubmitButton variant="outline" className="px-2.5 py-1" pendingLabel="Saving…">
            Change role
          </SubmitButton>
        </form>
        {mayTransfer && role !== "owner" && (
          <RowAction action={transferAction} name="userId" value={userId} pendingLabel="Transferring…">
            Make owner, become admin
          </RowAction>
        )}
        <RowAction action={removeAction} name="userId" value={userId} variant="danger" pendingLabel="Removing…">
          Remove
        </RowAction>
      </div>
      <Outcome state={roleState} />
      {removeState.status !== "idle" && <Outcome state={removeState} />}
      {transferState.status !== "idle" && <Outcome state={transferState} />}
    </div>
  );
}

export function LeaveWorkspace() {
  const [state, action] = useActionState<MemberActionState, FormData>(leaveWorkspaceAction, { status: "idle" });
  return (
    <form action={action} className="space-y-2">
      <SubmitButton variant="outline" pendingLabel="Leaving…">
        Leave this workspace
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
    </form>
  );
}
