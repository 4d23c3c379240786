"use client";

import { useActionState, useEffect, useId, useRef } from "react";
import { revokeConnectorAction, type RevokeConnectorState } from "@/lib/keys/connector-actions";
import { Alert, buttonClasses } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";

/** Revoke with a confirmation step in a native modal <dialog>, like a key's (components/dashboard/keys). */
export function RevokeConnector({ connectorId, name }: { connectorId: string; name: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, action] = useActionState<RevokeConnectorState, FormData>(revokeConnectorAction, { status: "idle" });
  const id = useId();
  useEffect(() => {
    if (state.status === "revoked") dialog.current?.close();
  }, [state]);
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className={buttonClasses({ variant: "ghost" }, "px-2.5 py-1.5 text-red-700 hover:bg-red-50 hover:text-red-800")}
      >
        Revoke<span className="sr-only"> connector {name}</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 text-left shadow-xl backdrop:bg-slate-900/40"
      >
        <form action={action} className="p-6">
          <input type="hidden" name="connectorId" value={connectorId} />
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Revoke “{name}”?
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Its connection is closed and renders of its origins stop going through it. This cannot be undone.
          </p>
          {state.status === "error" && (
            <Alert tone="danger" className="mt-4">
              {state.message}
            </Alert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              autoFocus
              onClick={() => dialog.current?.close()}
              className={buttonClasses({ variant: "outline" })}
            >
              Cancel
            </button>
            <SubmitButton variant="danger" pendingLabel="Revoking…">
              Revoke connector
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
