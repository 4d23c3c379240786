"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import { createKeyAction, type CreateKeyState } from "@/lib/keys/actions";

import { Alert, CopyButton, Input, buttonClasses } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";

interface Props {
  atLimit: boolean;
  limitText: string;
  maxNameLength: number;
}

/**
 * "Create New Key". The full key exists only in this component's state after the action returns;
 * "Done" remounts the form, which drops that state, so the key cannot be shown a second time.
 */
export function CreateKey(props: Props) {
  const [generation, setGeneration] = useState(0);
  return <CreateKeyForm key={generation} {...props} onDone={() => setGeneration((g) => g + 1)} />;
}

function CreateKeyForm({ atLimit, limitText, maxNameLength, onDone }: Props & { onDone: () => void }) {
  const [state, action] = useActionState<CreateKeyState, FormData>(createKeyAction, { status: "idle" });
  const id = useId();
  const error = state.status === "error" ? state : null;

  if (state.status === "created") {
    return (
      <NewKeyPanel
        name={state.name}
        secret={state.key}
        display={state.display}
        publicId={state.publicId}
        signingSecret={state.signingSecret}
        onDone={onDone}
      />
    );
  }

  return (
    <form action={action} className="space-y-3" aria-describedby={`${id}-limit`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-900">
            Key name <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <Input
            id={`${id}-name`}
            name="name"
            maxLength={maxNameLength}
            placeholder="e.g. production"
            defaultValue={error?.name}
            autoComplete="off"
            disabled={atLimit}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <SubmitButton disabled={atLimit} pendingLabel="Creating…">
          Create New Key
        </SubmitButton>
      </div>
      <p id={`${id}-limit`} className="text-sm text-slate-600" data-testid="key-limit">
        {limitText}
      </p>
      {error && (
        <div id={`${id}-error`}>
          <Alert tone="danger">{error.message}</Alert>
        </div>
      )}
    </form>
  );
}

interface NewKey {
  name: string;
  secret: string;
  display: string;
  publicId: string;
  signingSecret: string;
  onDone: () => void;
}

function NewKeyPanel({ name, secret, display, publicId, signingSecret, onDone }: NewKey) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 sm:p-5"
      data-testid="new-key-panel"
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold text-emerald-900 focus:outline-none">
        Key “{name}” created
      </h3>
      <p className="mt-1 text-sm text-emerald-900">
        Copy it now and keep it somewhere safe. It is shown only this once; afterwards the dashboard shows only{" "}
        <code className="font-mono">{display}</code>.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-key`} className="sr-only">
          Your new API key
        </label>
        <Input
          id={`${id}-key`}
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-key-value"
          className="font-mono"
        />
        <CopyButton value={secret} label="Copy key" size="md" />
      </div>
      <p className="mt-4 text-sm text-emerald-900">
        For URLs in public pages (signed URLs), the key&apos;s public id <code className="font-mono">{publicId}</code>{" "}
        goes in the URL and this signing secret stays on your server. It is shown only this once too.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-signing`} className="sr-only">
          Signing secret
        </label>
        <Input
          id={`${id}-signing`}
          readOnly
          value={signingSecret}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-signing-secret"
          className="font-mono"
        />
        <CopyButton value={signingSecret} label="Copy signing secret" size="md" />
      </div>
      <button type="button" onClick={onDone} className={buttonClasses({ variant: "primary" }, "mt-4")}>
        Done, I have saved it
      </button>
    </section>
  );
}
