"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import { createConnectorAction, type CreateConnectorState } from "@/lib/keys/connector-actions";
import { Alert, CopyButton, Input, buttonClasses } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";

/**
 * "Create connector" (D42). The token exists only in this component's state after the action
 * returns; "Done" remounts the form, which drops it, so it cannot be shown a second time.
 */
export function CreateConnector({ maxNameLength, serverUrl }: { maxNameLength: number; serverUrl: string }) {
  const [generation, setGeneration] = useState(0);
  return (
    <CreateConnectorForm
      key={generation}
      maxNameLength={maxNameLength}
      serverUrl={serverUrl}
      onDone={() => setGeneration((g) => g + 1)}
    />
  );
}

function CreateConnectorForm({
  maxNameLength,
  serverUrl,
  onDone,
}: {
  maxNameLength: number;
  serverUrl: string;
  onDone: () => void;
}) {
  const [state, action] = useActionState<CreateConnectorState, FormData>(createConnectorAction, { status: "idle" });
  const id = useId();
  if (state.status === "created")
    return <NewToken name={state.name} token={state.token} serverUrl={serverUrl} onDone={onDone} />;
  return (
    <form action={action} className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-900">
            Connector name <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <Input
            id={`${id}-name`}
            name="name"
            maxLength={maxNameLength}
            placeholder="e.g. staging network"
            autoComplete="off"
          />
        </div>
        <SubmitButton pendingLabel="Creating…">Create connector</SubmitButton>
      </div>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
    </form>
  );
}

function NewToken({
  name,
  token,
  serverUrl,
  onDone,
}: {
  name: string;
  token: string;
  serverUrl: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), []);
  const command = `npm run connector -- --server ${serverUrl} --token ${token} --expose http://localhost:3000`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 sm:p-5"
      data-testid="new-connector-panel"
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold text-emerald-900 focus:outline-none">
        Connector “{name}” created
      </h3>
      <p className="mt-1 text-sm text-emerald-900">
        Copy its token now: it is shown only this once. Run the connector inside your network with the origins it may
        serve:
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-token`} className="sr-only">
          Connector token
        </label>
        <Input
          id={`${id}-token`}
          readOnly
          value={token}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-connector-token"
          className="font-mono"
        />
        <CopyButton value={token} label="Copy token" size="md" />
      </div>
      <pre className="mt-3 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{command}</pre>
      <button type="button" onClick={onDone} className={buttonClasses({ variant: "primary" }, "mt-4")}>
        Done, I have saved it
      </button>
    </section>
  );
}
