"use client";
/**
 * Roll a key on its page (D5, D28): the same key — name, restrictions, signing secret, usage —
 * with a new secret, shown once; the old one is refused from the next request on. The removal
 * dialog links here for each key kept from a removed member, who knows its secret.
 */
import { useActionState, useId } from "react";
import { rollKeyAction, type RollKeyState } from "@/lib/keys/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, CopyButton, Input } from "@/components/ui";

export function RollKey({ keyId }: { keyId: string }) {
  const [state, action] = useActionState<RollKeyState, FormData>(rollKeyAction, { status: "idle" });
  const id = useId();
  return (
    <form action={action} className="space-y-2" data-testid="roll-key">
      <input type="hidden" name="keyId" value={keyId} />
      <p className="text-sm text-slate-700">
        Rolling gives this key a new secret and keeps everything else (its name, restrictions, signing secret and
        usage). Requests with the old secret are refused at once: update every place that uses it.
      </p>
      <SubmitButton variant="outline" pendingLabel="Rolling…">
        Roll key
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "rolled" && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <p className="text-sm text-emerald-900">New key — shown only this once:</p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <label htmlFor={`${id}-key`} className="sr-only">
              New API key
            </label>
            <Input
              id={`${id}-key`}
              readOnly
              value={state.key}
              className="font-mono"
              data-testid="rolled-key"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={state.key} label="Copy key" size="md" />
          </div>
        </div>
      )}
    </form>
  );
}
