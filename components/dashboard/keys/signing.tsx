"use client";
/**
 * A key's signed-URL controls on its page (D15): roll the signing secret (shown once), and its
 * restrictions (allowed endpoints, monthly render cap).
 */
import { useActionState, useId } from "react";
import {
  keyLimitsAction,
  rollSecretAction,
  type KeyLimitsState,
  type RollSecretState,
} from "@/lib/keys/url-builder/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, Checkbox, CopyButton, Input } from "@/components/ui";

export function RollSigningSecret({ keyId, signable }: { keyId: string; signable: boolean }) {
  const [state, action] = useActionState<RollSecretState, FormData>(rollSecretAction, { status: "idle" });
  const id = useId();
  return (
    <form action={action} className="space-y-2" data-testid="roll-secret">
      <input type="hidden" name="keyId" value={keyId} />
      <p className="text-sm text-slate-700">
        {signable
          ? "Rolling gives the key a new signing secret: URLs signed with the old one stop working at once."
          : "This key has no signing secret yet (it was made before signed URLs). Roll one to sign URLs with it."}
      </p>
      <SubmitButton variant="outline" pendingLabel="Rolling…">
        {signable ? "Roll signing secret" : "Create signing secret"}
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "rolled" && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <p className="text-sm text-emerald-900">New signing secret — shown only this once:</p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <label htmlFor={`${id}-secret`} className="sr-only">
              New signing secret
            </label>
            <Input
              id={`${id}-secret`}
              readOnly
              value={state.secret}
              className="font-mono"
              data-testid="rolled-secret"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={state.secret} label="Copy signing secret" size="md" />
          </div>
        </div>
      )}
    </form>
  );
}

interface LimitsProps {
  keyId: string;
  endpoints: ReadonlyArray<{ id: string; label: string; allowed: boolean }>;
  cap: number | null;
  rendersThisMonth: number;
}

export function KeyLimitsForm({ keyId, endpoints, cap, rendersThisMonth }: LimitsProps) {
  const [state, action] = useActionState<KeyLimitsState, FormData>(keyLimitsAction, { status: "idle" });
  const id = useId();
  return (
    <form action={action} className="space-y-3" data-testid="key-limits">
      <input type="hidden" name="keyId" value={keyId} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Endpoints this key may call</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {endpoints.map((e) => (
            <Checkbox
              key={e.id}
              id={`${id}-${e.id}`}
              name="endpoints"
              value={e.id}
              defaultChecked={e.allowed}
              label={e.label}
            />
          ))}
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-cap`} className="block text-sm font-medium text-slate-900">
          Monthly render cap{" "}
          <span className="font-normal text-slate-500">(empty: none; the account&apos;s quota still applies)</span>
        </label>
        <Input
          id={`${id}-cap`}
          name="cap"
          inputMode="numeric"
          defaultValue={cap ?? ""}
          className="max-w-48"
          autoComplete="off"
        />
        <p className="text-sm text-slate-600">
          This key has caused {rendersThisMonth.toLocaleString("en-US")} renders this month.
        </p>
      </div>
      <SubmitButton variant="outline" pendingLabel="Saving…">
        Save restrictions
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "saved" && <Alert tone="success">Saved. The next request with this key follows them.</Alert>}
    </form>
  );
}
