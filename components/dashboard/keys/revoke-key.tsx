"use client";

import { revokeKeyAction } from "@/lib/keys/actions";
import { RevokeDialog } from "@/components/dashboard/revoke-dialog";

/** Revoke a key, confirmed in a dialog; its requests are refused at once. */
export function RevokeKey({ keyId, name, display }: { keyId: string; name: string; display: string }) {
  return (
    <RevokeDialog action={revokeKeyAction} field={{ name: "keyId", value: keyId }} kind="key" name={name}>
      Requests with <code className="font-mono text-slate-900">{display}</code> will be refused with 401 immediately.
      This cannot be undone.
    </RevokeDialog>
  );
}
