"use client";

import { useActionState, useId } from "react";
import { Alert, Input } from "@/components/ui";
import { LabelledField } from "@/components/dashboard/labelled-field";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { signInWithEmail, type SignInFormState } from "@/lib/auth/actions";

export function EmailSignInForm({ callbackUrl, email }: { callbackUrl: string; email?: string }) {
  const [state, action] = useActionState<SignInFormState, FormData>(signInWithEmail, {});
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <LabelledField id={`${id}-email`} label="E-mail address">
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.email ?? email}
          placeholder="you@example.com"
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? errorId : undefined}
        />
      </LabelledField>
      {state.error && (
        <div id={errorId}>
          <Alert tone="danger">{state.error}</Alert>
        </div>
      )}
      <SubmitButton className="w-full" pendingLabel="Sending link…">
        Email me a sign-in link
      </SubmitButton>
    </form>
  );
}
