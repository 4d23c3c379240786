"use client";
/**
 * The account's storage bucket (D20): the S3-compatible settings results of `store=true` jobs are
 * uploaded with, and a "Check connection" that writes and deletes a probe object. The secret is
 * never sent to the browser: the form shows its masked hint and an empty field keeps it.
 */
import { useActionState, useId } from "react";
import {
  checkStorageAction,
  saveStorageAction,
  type StorageCheckState,
  type StorageSaveState,
} from "@/lib/storage/actions";
import { LabelledField } from "@/components/dashboard/labelled-field";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, Input } from "@/components/ui";
import type { StorageLocation } from "@/lib/storage/config";
import type { StorageSettingsView } from "@/lib/storage/settings";

/** What the page hands over: the settings without the secret. */
type SavedStorage = StorageSettingsView;

function TextField({
  id,
  name,
  label,
  hint,
  defaultValue,
  placeholder,
  type = "text",
  required = true,
  invalid,
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  hint?: string;
  defaultValue?: string;
  placeholder?: string;
  type?: string;
  required?: boolean;
  invalid?: boolean;
}) {
  return (
    <LabelledField id={`${id}-${name}`} label={label} hint={hint}>
      <Input
        id={`${id}-${name}`}
        name={name}
        type={type}
        defaultValue={defaultValue}
        placeholder={placeholder}
        className="font-mono"
        autoComplete="off"
        spellCheck={false}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
      />
    </LabelledField>
  );
}

export function StorageForm({ saved }: { saved: SavedStorage | null }) {
  const [state, action] = useActionState<StorageSaveState, FormData>(saveStorageAction, { status: "idle" });
  const id = useId();
  const invalid = (name: string) => state.status === "error" && state.field === name;
  // A form action resets the fields to their defaults: after a refusal, the defaults are what was typed.
  const shown = state.status === "error" && state.values ? state.values : saved;
  // What every field takes from its name: its id, what it shows (never the secret) and whether it was refused.
  const field = (name: keyof StorageLocation | "secretAccessKey") => ({
    id,
    name,
    defaultValue: name === "secretAccessKey" ? undefined : shown?.[name],
    invalid: invalid(name),
  });
  return (
    <form action={action} className="space-y-4" data-testid="storage-settings">
      <TextField
        {...field("endpoint")}
        label="Endpoint"
        type="url"
        placeholder="https://s3.eu-west-1.amazonaws.com"
        hint="The S3 API's origin (AWS, Cloudflare R2, MinIO, Backblaze B2…). Only public http(s) addresses."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field("region")}
          label="Region"
          defaultValue={shown?.region ?? "us-east-1"}
          placeholder="us-east-1"
        />
        <TextField {...field("bucket")} label="Bucket" placeholder="my-screenshots" />
      </div>
      <TextField
        {...field("prefix")}
        label={
          <>
            Prefix <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        placeholder="glance/"
        required={false}
        hint="Objects are named <prefix><job id>.<ext>."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("accessKeyId")} label="Access key id" />
        <TextField
          {...field("secretAccessKey")}
          label="Secret access key"
          type="password"
          required={!saved}
          placeholder={saved ? saved.secretHint : ""}
          hint={saved ? "Stored encrypted; leave empty to keep it." : "Stored encrypted, never shown again."}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton variant="outline" pendingLabel="Saving…">
          Save storage
        </SubmitButton>
        {saved && (
          <SubmitButton variant="ghost" name="intent" value="remove" formNoValidate pendingLabel="Removing…">
            Remove
          </SubmitButton>
        )}
      </div>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "saved" && (
        <Alert tone="success">Saved. Check the connection to be sure uploads will work.</Alert>
      )}
      {state.status === "removed" && (
        <Alert tone="success">Removed. Jobs with store=true are refused until a bucket is configured again.</Alert>
      )}
    </form>
  );
}

export function CheckStorage() {
  const [state, action] = useActionState<StorageCheckState>(checkStorageAction, { status: "idle" });
  return (
    <form action={action} className="space-y-2" data-testid="storage-check">
      <SubmitButton variant="outline" pendingLabel="Checking…">
        Check connection
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "ok" && (
        <Alert tone="success">Connected: Glance wrote a probe object to {state.bucket} and deleted it again.</Alert>
      )}
    </form>
  );
}
