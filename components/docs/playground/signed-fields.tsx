"use client";

import { useId } from "react";
import { Field, Select } from "@/components/ui";
import { CredentialInput } from "./credential-input";

/** What the visitor enters to sign in the browser. The secret lives only in this page's memory. */
export interface SigningInput {
  keyId: string;
  signingSecret: string;
  expiry: ExpiryChoice;
}

const EXPIRY_CHOICES = {
  never: "Never (until the key is revoked or its secret rolled)",
  "1h": "In 1 hour",
  "1d": "In 1 day",
  "30d": "In 30 days",
} as const;
export type ExpiryChoice = keyof typeof EXPIRY_CHOICES;
const EXPIRY_SECONDS: Record<ExpiryChoice, number | undefined> = {
  never: undefined,
  "1h": 3600,
  "1d": 86_400,
  "30d": 30 * 86_400,
};

/** `expires` (unix seconds) for a choice, counted from now; undefined for "never". */
export function expiresFor(choice: ExpiryChoice, nowMs = Date.now()): number | undefined {
  const seconds = EXPIRY_SECONDS[choice];
  return seconds === undefined ? undefined : Math.floor(nowMs / 1000) + seconds;
}

/**
 * The signed-URL credentials (D15): the key's public id and its signing secret. The secret is a
 * password field with autocomplete off and is used only by Web Crypto in this page
 * (lib/signing/web-crypto.ts): it is never sent to Glance or stored.
 */
export function SignedFields({ value, onChange }: { value: SigningInput; onChange: (next: SigningInput) => void }) {
  const id = useId();
  const set = <K extends keyof SigningInput>(name: K, v: SigningInput[K]) => onChange({ ...value, [name]: v });
  return (
    <div className="space-y-4" data-testid="playground-signing">
      <Field
        htmlFor={`${id}-key-id`}
        label="Public key id (key_id)"
        hint="Shown on the key's page in the dashboard. It goes into the URL."
      >
        <CredentialInput
          id={`${id}-key-id`}
          placeholder="pk_live_…"
          value={value.keyId}
          onValue={(v) => set("keyId", v)}
          testId="playground-key-id"
        />
      </Field>
      <Field
        htmlFor={`${id}-secret`}
        label="Signing secret"
        hint="Signs the URL in your browser with Web Crypto; it is never sent to Glance or stored. Only key_id and the signature travel."
      >
        <CredentialInput
          id={`${id}-secret`}
          secret
          placeholder="ss_live_…"
          value={value.signingSecret}
          onValue={(v) => set("signingSecret", v)}
          testId="playground-signing-secret"
        />
      </Field>
      <Field htmlFor={`${id}-expiry`} label="Expires">
        <Select
          id={`${id}-expiry`}
          value={value.expiry}
          onChange={(e) => set("expiry", e.target.value as ExpiryChoice)}
          data-testid="playground-expiry"
        >
          {Object.entries(EXPIRY_CHOICES).map(([choice, label]) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
