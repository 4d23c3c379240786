"use client";
/**
 * The account's webhook settings (D20): the default URL jobs report to (with a test event to try
 * a receiver), and the signing secret receivers verify deliveries with (shown, copyable, rollable).
 */
import { useActionState, useId } from "react";
import {
  rollWebhookSecretAction,
  saveWebhookUrlAction,
  sendTestWebhookAction,
  type TestWebhookState,
  type WebhookSecretState,
  type WebhookUrlState,
} from "@/lib/webhooks/actions";
import { LabelledField } from "@/components/dashboard/labelled-field";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, CopyButton, Input } from "@/components/ui";

export function WebhookUrlForm({ url }: { url: string | null }) {
  const [state, action] = useActionState<WebhookUrlState, FormData>(saveWebhookUrlAction, { status: "idle" });
  const id = useId();
  return (
    <form action={action} className="space-y-3" data-testid="webhook-url">
      <LabelledField
        id={`${id}-url`}
        label={
          <>
            Default webhook URL <span className="font-normal text-slate-500">(empty: none)</span>
          </>
        }
        hint="Jobs without their own webhookUrl report here. Only public http(s) addresses are accepted."
      >
        <Input
          id={`${id}-url`}
          name="url"
          type="url"
          inputMode="url"
          defaultValue={url ?? ""}
          placeholder="https://example.com/hooks/glance"
          className="font-mono"
          autoComplete="off"
          maxLength={2048}
          aria-describedby={`${id}-url-hint`}
        />
      </LabelledField>
      <SubmitButton variant="outline" pendingLabel="Saving…">
        Save URL
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "saved" && (
        <Alert tone="success">
          {state.url
            ? "Saved. The next job's webhook goes there."
            : "Cleared. Only jobs with their own webhookUrl send webhooks."}
        </Alert>
      )}
    </form>
  );
}

export function WebhookSecret({ secret, previousUntil }: { secret: string; previousUntil: string | null }) {
  const [state, action] = useActionState<WebhookSecretState>(rollWebhookSecretAction, { status: "idle" });
  const id = useId();
  return (
    <form action={action} className="space-y-3" data-testid="webhook-secret">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-secret`} className="block text-sm font-medium text-slate-900">
          Signing secret
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-secret`}
            readOnly
            value={secret}
            className="font-mono"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={secret} label="Copy signing secret" size="md" />
        </div>
        <p className="text-sm text-slate-600">
          Verify each delivery&apos;s webhook-signature with it (see the docs). After a roll, deliveries are signed with
          the new and the previous secret for 24 hours, so your receiver keeps working while you update it.
        </p>
        {previousUntil && (
          <p className="text-sm text-slate-700" data-testid="previous-secret-until">
            The previous secret also signs until {previousUntil}.
          </p>
        )}
      </div>
      <SubmitButton variant="outline" pendingLabel="Rolling…">
        Roll signing secret
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "rolled" && (
        <Alert tone="success">Rolled. Update your receiver with the new secret within 24 hours.</Alert>
      )}
    </form>
  );
}

/** For a role that does not manage webhooks (D28): the secret signs what receivers trust, so it is not sent. */
export function WebhookSecretWithheld() {
  return (
    <p className="text-sm text-slate-600" data-testid="webhook-secret-withheld">
      Deliveries are signed with this workspace&apos;s signing secret. Only owners, admins and developers see and roll
      it: with it, anyone could sign a delivery your receiver would trust.
    </p>
  );
}

export function SendTestWebhook() {
  const [state, action] = useActionState<TestWebhookState>(sendTestWebhookAction, { status: "idle" });
  return (
    <form action={action} className="space-y-2" data-testid="webhook-test">
      <SubmitButton variant="ghost" pendingLabel="Sending…">
        Send a test event
      </SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "sent" && (
        <Alert tone="success">Queued as {state.id}: it appears in the deliveries below.</Alert>
      )}
    </form>
  );
}
