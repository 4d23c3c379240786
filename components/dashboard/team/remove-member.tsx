"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { removeMemberAction, type MemberActionState } from "@/lib/workspaces/actions";
import { Alert, buttonClasses, Checkbox } from "@/components/ui";
import { ConfirmDialog } from "@/components/dashboard/confirm-dialog";
import { useAnnounceRemoval } from "@/components/dashboard/team/removal-notice";
import { WebhookSecretRollHint } from "@/components/dashboard/team/webhook-secret-hint";
import type { Role } from "@/lib/auth/roles";

/** A key the member made in this workspace, as the removal dialog lists it. */
export interface RemovableKey {
  id: string;
  name: string;
  display: string;
}

/**
 * Removal with a confirmation step (D28), in the same dialog frame as revoking a key: it says
 * everything the member's removal ends — their session here, the keys they made, the applications
 * they connected, the invitations they sent — and lists their keys, each revoked unless ticked to
 * be kept for the workspace, a choice that warns the removed person knows the key and links to each
 * kept key's roll control (a new secret for the same key, D5); and, for a role that was shown the
 * webhook signing secret, suggests rolling it.
 */
export function RemoveMember({
  userId,
  label,
  role,
  keys,
}: {
  userId: string;
  label: string;
  role: Role;
  keys: RemovableKey[];
}) {
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const id = useId();
  const announce = useAnnounceRemoval();
  // The answer is shown above the table: this row is gone once the removal is done.
  const remove = async (state: MemberActionState, form: FormData) => {
    const next = await removeMemberAction(state, form);
    if (next.status === "done" && next.message) announce(next.message);
    return next;
  };

  return (
    <ConfirmDialog
      action={remove}
      doneStatus="done"
      trigger={
        <>
          Remove<span className="sr-only"> {label}</span>
        </>
      }
      triggerClassName={buttonClasses({ variant: "danger" }, "px-2.5 py-1")}
      title={<>Remove {label}?</>}
      description={
        <>
          Their access ends at their next request: this workspace leaves their dashboard, the applications they
          connected to it are disconnected and the invitations they sent are cancelled.
        </>
      }
      confirmLabel="Remove member"
      pendingLabel="Removing…"
      wide
      testId="remove-member-dialog"
    >
      <input type="hidden" name="userId" value={userId} />
      {keys.length === 0 ? (
        <p className="text-sm text-slate-600">They made no active key here.</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm text-slate-600">
            The keys they made stop working (401) unless you keep them for the workspace:
          </legend>
          {keys.map((key) => (
            <Checkbox
              key={key.id}
              id={`${id}-keep-${key.id}`}
              name="keep"
              value={key.id}
              checked={kept.has(key.id)}
              onChange={(event) => {
                const next = new Set(kept);
                if (event.target.checked) next.add(key.id);
                else next.delete(key.id);
                setKept(next);
              }}
              label={
                <span>
                  Keep “{key.name}” <code className="font-mono text-slate-500">{key.display}</code>
                </span>
              }
            />
          ))}
          {kept.size > 0 && (
            <Alert tone="warning">
              {label} knows the secret of every key you keep and could go on using it. Roll each on its page — the same
              key with a new secret, the old one refused at once — and its signing secret too:{" "}
              {keys
                .filter((key) => kept.has(key.id))
                .map((key, i) => (
                  <span key={key.id}>
                    {i > 0 && ", "}
                    <Link href={`/dashboard/keys/${key.id}#roll-key`}>Roll “{key.name}”</Link>
                  </span>
                ))}
              .
            </Alert>
          )}
        </fieldset>
      )}
      <WebhookSecretRollHint role={role} />
    </ConfirmDialog>
  );
}
