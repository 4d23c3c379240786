"use client";

import { useActionState, useEffect, useId, useRef } from "react";
import { revokeKeyAction, type RevokeKeyState } from "@/lib/keys/actions";

import { Alert, buttonClasses } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";

/**
 * Revoke with a confirmation step, in a native modal <dialog>: it traps focus, closes on Escape
 * and returns focus to the button that opened it, with no script of our own for any of that.
 */
export function RevokeKey({ keyId, name, display }: { keyId: string; name: string; display: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, action] = useActionState<RevokeKeyState, FormData>(revokeKeyAction, { status: "idle" });
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
        Revoke<span className="sr-only"> key {name}</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 text-left shadow-xl backdrop:bg-slate-900/40"
      >
        <form action={action} className="p-6">
          <input type="hidden" name="keyId" value={keyId} />
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Revoke “{name}”?
          </h2>
          <p id={`${id}-desc`} className="mt-2 text-sm text-slate-600">
            Requests with <code className="font-mono text-slate-900">{display}</code> will be refused with 401
            immediately. This cannot be undone.
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
              Revoke key
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
