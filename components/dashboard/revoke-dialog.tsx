"use client";

import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui";
import { ConfirmDialog } from "@/components/dashboard/confirm-dialog";

/** What a revoke action answers: the dialog closes on `revoked` and shows `error`'s message. */
export type RevokeState = { status: "idle" } | { status: "revoked"; id: string } | { status: "error"; message: string };

/** Revoke a credential (a key, a connector) with a confirmation step. `field` is the hidden input naming what to revoke. */
export function RevokeDialog({
  action,
  field,
  kind,
  name,
  children,
}: {
  action: (state: RevokeState, form: FormData) => Promise<RevokeState>;
  field: { name: string; value: string };
  /** "key", "connector": in the button's accessible name and the confirm button. */
  kind: string;
  name: string;
  /** What revoking does, under the title. */
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      action={action}
      doneStatus="revoked"
      trigger={
        <>
          Revoke
          <span className="sr-only">
            {" "}
            {kind} {name}
          </span>
        </>
      }
      triggerClassName={buttonClasses(
        { variant: "ghost" },
        "px-2.5 py-1.5 text-red-700 hover:bg-red-50 hover:text-red-800",
      )}
      title={<>Revoke “{name}”?</>}
      description={children}
      confirmLabel={`Revoke ${kind}`}
      pendingLabel="Revoking…"
    >
      <input type="hidden" name={field.name} value={field.value} />
    </ConfirmDialog>
  );
}
