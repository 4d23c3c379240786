"use client";

import { useActionState, useId } from "react";
import { renameKeyAction, type RenameKeyState } from "@/lib/keys/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, Input } from "@/components/ui";

/** Renames a key on its page (D22): only the name changes; the key, its secret and its usage stay. */
export function RenameKey({ keyId, name, maxNameLength }: { keyId: string; name: string; maxNameLength: number }) {
  const [state, action] = useActionState<RenameKeyState, FormData>(renameKeyAction, { status: "idle" });
  const id = useId();
  return (
    <form action={action} className="space-y-2" data-testid="rename-key">
      <input type="hidden" name="keyId" value={keyId} />
      <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-700">
        Name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-name`}
          name="name"
          defaultValue={name}
          maxLength={maxNameLength}
          autoComplete="off"
          aria-invalid={state.status === "error" || undefined}
          aria-describedby={state.status === "error" ? `${id}-error` : undefined}
        />
        <SubmitButton variant="outline" pendingLabel="Saving…">
          Rename
        </SubmitButton>
      </div>
      <p aria-live="polite" className="text-sm">
        {state.status === "renamed" && <span className="text-emerald-800">Renamed to “{state.name}”.</span>}
      </p>
      {state.status === "error" && (
        <div id={`${id}-error`}>
          <Alert tone="danger">{state.message}</Alert>
        </div>
      )}
    </form>
  );
}
