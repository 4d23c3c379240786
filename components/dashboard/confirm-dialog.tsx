"use client";

import { type ReactNode, useActionState, useEffect, useId, useRef } from "react";
import { Alert, buttonClasses } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";

/** What a confirmed action answers: `error` shows its message in the dialog; a done status closes it. */
export type ConfirmState = { status: string; message?: string };

/**
 * A destructive action behind a confirmation step (revoking a key or a connector, removing a
 * member), in a native modal <dialog>: it traps focus, closes on Escape and returns focus to the
 * button that opened it, with no script of our own for any of that. The caller gives the trigger,
 * the title, what the action ends (`description`, read out as the dialog's description) and any
 * form fields; the frame owns the action's state, its error and the Cancel/confirm buttons.
 */
export function ConfirmDialog<State extends ConfirmState>({
  action,
  doneStatus,
  trigger,
  triggerClassName,
  title,
  description,
  confirmLabel,
  pendingLabel,
  wide = false,
  testId,
  afterTrigger,
  children,
}: {
  action: (state: Awaited<State>, form: FormData) => Promise<State>;
  /** The status on which the dialog closes. */
  doneStatus: State["status"];
  /** The trigger button's content (give it an accessible name that says which row it acts on). */
  trigger: ReactNode;
  triggerClassName: string;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  wide?: boolean;
  testId?: string;
  /** Shown beside the trigger once the action has answered (a confirmation message). */
  afterTrigger?: (state: State) => ReactNode;
  /** Hidden inputs and any further fields of the form. */
  children?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, formAction] = useActionState(action, { status: "idle" } as Awaited<State>);
  const id = useId();

  useEffect(() => {
    if (state.status === doneStatus) dialog.current?.close();
  }, [state, doneStatus]);

  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} className={triggerClassName}>
        {trigger}
      </button>
      {afterTrigger?.(state)}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-lg" : "max-w-md"} rounded-xl p-0 text-left shadow-xl backdrop:bg-slate-900/40`}
        data-testid={testId}
      >
        <form action={formAction} className="space-y-4 p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p id={`${id}-desc`} className="text-sm text-slate-600">
            {description}
          </p>
          {children}
          {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              autoFocus
              onClick={() => dialog.current?.close()}
              className={buttonClasses({ variant: "outline" })}
            >
              Cancel
            </button>
            <SubmitButton variant="danger" pendingLabel={pendingLabel}>
              {confirmLabel}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
