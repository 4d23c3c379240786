"use client";

import { type ReactNode, useActionState, useEffect, useId, useRef } from "react";
import { Alert, buttonClasses } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";

/** What a revoke action answers: the dialog closes on `revoked` and shows `error`'s message. */
export type RevokeState = { status: "idle" } | { status: "revoked"; id: string } | { status: "error"; message: string };

/**
 * Revoke a credential (a key, a connector) with a confirmation step, in a native modal <dialog>:
 * it traps focus, closes on Escape and returns focus to the button that opened it, with no script
 * of our own for any of that. `field` is the hidden input naming what to revoke.
 */
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
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, formAction] = useActionState<RevokeState, FormData>(action, { status: "idle" });
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
        Revoke
        <span className="sr-only">
          {" "}
          {kind} {name}
        </span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 text-left shadow-xl backdrop:bg-slate-900/40"
      >
        <form action={formAction} className="p-6">
          <input type="hidden" name={field.name} value={field.value} />
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Revoke “{name}”?
          </h2>
          <p id={`${id}-desc`} className="mt-2 text-sm text-slate-600">
            {children}
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
              Revoke {kind}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
