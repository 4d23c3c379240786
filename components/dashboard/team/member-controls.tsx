"use client";

import { useActionState, useId } from "react";
import {
  changeRoleAction,
  leaveWorkspaceAction,
  transferOwnershipAction,
  type MemberActionState,
} from "@/lib/workspaces/actions";
import { ROLES, type Role } from "@/lib/auth/roles";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { RemoveMember, type RemovableKey } from "@/components/dashboard/team/remove-member";
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
  keys,
}: {
  userId: string;
  role: Role;
  label: string;
  mayTransfer: boolean;
  /** The keys they made here, which their removal revokes unless kept (D28). */
  keys: RemovableKey[];
}) {
  const [roleState, roleAction] = useActionState<MemberActionState, FormData>(changeRoleAction, { status: "idle" });
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
        <RemoveMember userId={userId} label={label} role={role} keys={keys} />
      </div>
      <Outcome state={roleState} />
      {transferState.status !== "idle" && <Outcome state={transferState} />}
    </div>
  );
}

/** Leaving ends every credential the person holds here, the keys they made included (D28). */
export function LeaveWorkspace() {
  const [state, action] = useActionState<MemberActionState, FormData>(leaveWorkspaceAction, { status: "idle" });
  return (
    <form action={action} className="space-y-2">
      <p className="text-sm text-slate-600">
        Leaving revokes the keys you made here and disconnects the applications you connected to this workspace.
      </p>
      <SubmitButton variant="outline" pendingLabel="Leaving…">
        Leave this workspace
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
    </form>
  );
}
