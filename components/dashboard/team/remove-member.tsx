"use client";

import Link from "next/link";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import { removeMemberAction, type MemberActionState } from "@/lib/workspaces/actions";
import { Alert, buttonClasses, Checkbox } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { WebhookSecretRollHint } from "@/components/dashboard/team/webhook-secret-hint";
import type { Role } from "@/lib/auth/roles";

/** A key the member made in this workspace, as the removal dialog lists it. */
export interface RemovableKey {
  id: string;
  name: string;
  display: string;
}

/**
 * Removal with a confirmation step (D28), in a native modal <dialog> like revoking a key: it says
 * everything the member's removal ends — their session here, the keys they made, the applications
 * they connected, the invitations they sent — and lists their keys, each revoked unless ticked to
 * be kept for the workspace, a choice that warns the removed person knows the key and links to each
 * kept key's roll control (a new secret for the same key, D5); and, for a role that was shown the
 * webhook signing secret, suggests rolling it.
 */
export function RemoveMember({
  userId,
  label,
  role,
  keys,
}: {
  userId: string;
  label: string;
  role: Role;
  keys: RemovableKey[];
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, action] = useActionState<MemberActionState, FormData>(removeMemberAction, { status: "idle" });
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const id = useId();

  useEffect(() => {
    if (state.status === "done") dialog.current?.close();
  }, [state]);

  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className={buttonClasses({ variant: "danger" }, "px-2.5 py-1")}
      >
        Remove<span className="sr-only"> {label}</span>
      </button>
      {state.status === "done" && (
        <p aria-live="polite" className="text-sm text-emerald-800">
          {state.message}
        </p>
      )}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl p-0 text-left shadow-xl backdrop:bg-slate-900/40"
        data-testid="remove-member-dialog"
      >
        <form action={action} className="space-y-4 p-6">
          <input type="hidden" name="userId" value={userId} />
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Remove {label}?
          </h2>
          <p className="text-sm text-slate-600">
            Their access ends at their next request: this workspace leaves their dashboard, the applications they
            connected to it are disconnected and the invitations they sent are cancelled.
          </p>
          {keys.length === 0 ? (
            <p className="text-sm text-slate-600">They made no active key here.</p>
          ) : (
            <fieldset className="space-y-2">
              <legend className="text-sm text-slate-600">
                The keys they made stop working (401) unless you keep them for the workspace:
              </legend>
              {keys.map((key) => (
                <Checkbox
                  key={key.id}
                  id={`${id}-keep-${key.id}`}
                  name="keep"
                  value={key.id}
                  checked={kept.has(key.id)}
                  onChange={(event) => {
                    const next = new Set(kept);
                    if (event.target.checked) next.add(key.id);
                    else next.delete(key.id);
                    setKept(next);
                  }}
                  label={
                    <span>
                      Keep “{key.name}” <code className="font-mono text-slate-500">{key.display}</code>
                    </span>
                  }
                />
              ))}
              {kept.size > 0 && (
                <Alert tone="warning">
                  {label} knows the secret of every key you keep and could go on using it. Roll each on its page — the
                  same key with a new secret, the old one refused at once — and its signing secret too:{" "}
                  {keys
                    .filter((key) => kept.has(key.id))
                    .map((key, i) => (
                      <span key={key.id}>
                        {i > 0 && ", "}
                        <Link href={`/dashboard/keys/${key.id}#roll-key`}>Roll “{key.name}”</Link>
                      </span>
                    ))}
                  .
                </Alert>
              )}
            </fieldset>
          )}
          <WebhookSecretRollHint role={role} />
          {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              autoFocus
              onClick={() => dialog.current?.close()}
              className={buttonClasses({ variant: "outline" })}
            >
              Cancel
            </button>
            <SubmitButton variant="danger" pendingLabel="Removing…">
              Remove member
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
