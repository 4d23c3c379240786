"use client";

import Link from "next/link";
import { useId } from "react";
import { Field, Spinner } from "@/components/ui";
import { SIGN_IN_HREF } from "@/components/site/links";
import type { SessionState } from "@/components/site/use-session";
import { CredentialInput } from "./credential-input";
import { SignedFields, type SigningInput } from "./signed-fields";

export type AuthMode = "session" | "key" | "signed";

/**
 * How the playground authenticates (D13): signed-in users render through their session (no key
 * needed) or may switch to a key; visitors paste a key, which stays in this page's memory only.
 * Anyone may instead sign the URL in the browser with a key's public id and signing secret (D15).
 */
export function AuthPanel({
  session,
  mode,
  onModeChange,
  apiKey,
  onApiKeyChange,
  signing,
  onSigningChange,
  signedUrls = true,
}: {
  session: SessionState;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  apiKey: string;
  onApiKeyChange: (key: string) => void;
  signing: SigningInput;
  onSigningChange: (next: SigningInput) => void;
  /** Whether "a signed URL" is offered: not for a POST such as starting a crawl (signed URLs are GETs, D15). */
  signedUrls?: boolean;
}) {
  const id = useId();
  if (session.status === "loading") {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Checking whether you are signed in…
      </p>
    );
  }

  const keyField = (
    <Field
      htmlFor={`${id}-key`}
      label="API key"
      hint={
        session.status === "signed-in" ? (
          "Sent as the X-API-Key header; kept in this page only."
        ) : (
          <>
            Sent as the X-API-Key header; kept in this page only.{" "}
            <Link href={SIGN_IN_HREF} className="font-medium text-brand-700 hover:underline">
              Sign in
            </Link>{" "}
            to render without a key, or to create one.
          </>
        )
      }
    >
      <CredentialInput
        id={`${id}-key`}
        secret
        placeholder="sk_live_…"
        value={apiKey}
        onValue={onApiKeyChange}
        testId="playground-api-key"
      />
    </Field>
  );

  const modes: ReadonlyArray<readonly [AuthMode, string]> = [
    ...(session.status === "signed-in"
      ? [["session", `Your account${session.email ? ` (${session.email})` : ""}`] as const]
      : []),
    ["key", "An API key"],
    ...(signedUrls ? [["signed", "A signed URL"] as const] : []),
  ];

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Render with</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {modes.map(([value, label]) => (
          <label key={value} className="inline-flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onModeChange(value)}
              className="size-4 accent-brand-600"
              data-testid={`auth-mode-${value}`}
            />
            {label}
          </label>
        ))}
      </div>
      {mode === "key" && keyField}
      {mode === "signed" && <SignedFields value={signing} onChange={onSigningChange} />}
    </fieldset>
  );
}
