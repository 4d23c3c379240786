"use client";
/**
 * The Monitors page's forms (D27): a new monitor (page, name, how often, how much change alerts,
 * what to ignore, where alerts go) and each monitor's buttons (run now, pause or resume, delete).
 * They call the actions in lib/monitors/actions.ts, which validate as POST /v1/monitors does.
 */
import { useActionState, useId } from "react";
import { ConfirmDialog } from "@/components/dashboard/confirm-dialog";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, buttonClasses, Input } from "@/components/ui";
import {
  createMonitorAction,
  monitorAction,
  type MonitorActionState,
  type MonitorFormState,
} from "@/lib/monitors/actions";

const INTERVALS: ReadonlyArray<[number, string]> = [
  [300, "Every 5 minutes"],
  [900, "Every 15 minutes"],
  [3600, "Every hour"],
  [21_600, "Every 6 hours"],
  [86_400, "Every day"],
  [604_800, "Every week"],
];

/**
 * How alert e-mails would travel on this server (lib/auth/mailer.ts noticeDelivery): over SMTP, into
 * the local inbox (the embedded default), or nowhere — then the box is not ticked and the form says
 * so (`setting` names what to configure, for the people who run the server only).
 */
export interface AlertMail {
  delivery: "smtp" | "local-inbox" | "off";
  setting?: string;
}

/** `minimumSeconds`: the plan's shortest interval; shorter choices are not offered. */
export function CreateMonitorForm({
  minimumSeconds,
  email,
  mail,
}: {
  minimumSeconds: number;
  email: string | null;
  mail: AlertMail;
}) {
  const [state, action] = useActionState<MonitorFormState, FormData>(createMonitorAction, { status: "idle" });
  const id = useId();
  const choices = INTERVALS.filter(([seconds]) => seconds >= minimumSeconds);
  const field = "space-y-1.5";
  const label = "block text-sm font-medium text-slate-900";
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-2" data-testid="create-monitor">
      <div className={`${field} sm:col-span-2`}>
        <label htmlFor={`${id}-url`} className={label}>
          Page to watch
        </label>
        <Input id={`${id}-url`} name="url" type="url" required placeholder="https://example.com/pricing" />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-name`} className={label}>
          Name <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <Input id={`${id}-name`} name="name" maxLength={100} placeholder="Pricing page" />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-interval`} className={label}>
          How often
        </label>
        <select
          id={`${id}-interval`}
          name="interval"
          defaultValue={String(choices.at(-2)?.[0] ?? choices[0]?.[0] ?? 86_400)}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          {choices.map(([seconds, text]) => (
            <option key={seconds} value={seconds}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor={`${id}-threshold`} className={label}>
          Alert when more than this share changed (%)
        </label>
        <Input
          id={`${id}-threshold`}
          name="thresholdPercent"
          type="number"
          min={0}
          max={100}
          step="any"
          defaultValue="0.1"
        />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-ignore`} className={label}>
          Ignore these elements <span className="font-normal text-slate-500">(CSS selectors)</span>
        </label>
        <Input id={`${id}-ignore`} name="ignoreSelectors" placeholder=".clock, #ad-slot" className="font-mono" />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-webhook`} className={label}>
          Webhook URL <span className="font-normal text-slate-500">(else your default)</span>
        </label>
        <Input id={`${id}-webhook`} name="webhookUrl" type="url" placeholder="https://example.com/hooks/glance" />
      </div>
      <div className="flex flex-col justify-end gap-2 text-sm text-slate-800">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="fullPage" /> Whole page (not only the first screen)
        </label>
        {email && (
          // One text box beside the checkbox: as separate flex items, the note became a column a few
          // words wide on a phone (issue 51's walk at 390 px).
          <label className="flex items-start gap-2" data-testid="email-alerts">
            <input type="checkbox" name="emailMe" defaultChecked={mail.delivery !== "off"} className="mt-0.5" />
            <span className="min-w-0 break-words">
              E-mail alerts to {email}
              {mail.delivery === "local-inbox" && (
                <span className="text-slate-600">
                  {" "}
                  (in the{" "}
                  <a href="/dev/inbox" className="font-medium text-brand-600 hover:underline">
                    local inbox
                  </a>
                  : no mail server is configured)
                </span>
              )}
            </span>
          </label>
        )}
      </div>
      {email && mail.delivery === "off" && (
        <div className="sm:col-span-2" data-testid="alert-mail-off">
          <Alert tone="warning">
            This server sends no e-mail (no mail server is configured), so e-mail alerts are not sent: use a webhook.
            {mail.setting && ` To send them, set ${mail.setting}.`}
          </Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <SubmitButton pendingLabel="Creating…">Create monitor</SubmitButton>
      </div>
      {state.status === "error" && (
        <div className="sm:col-span-2">
          <Alert tone="danger">{state.message}</Alert>
        </div>
      )}
      {state.status === "created" && (
        <div className="sm:col-span-2">
          <Alert tone="success">Created. Its first run takes the baseline now.</Alert>
        </div>
      )}
    </form>
  );
}

export function MonitorButtons({ id, name, paused }: { id: string; name: string; paused: boolean }) {
  const [state, action] = useActionState<MonitorActionState, FormData>(monitorAction, { status: "idle" });
  const button = (op: string, text: string) => (
    <form action={action}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="op" value={op} />
      <SubmitButton variant="outline" pendingLabel="…">
        {text}
      </SubmitButton>
    </form>
  );
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={`monitor-buttons-${id}`}>
      {button("run", "Run now")}
      {button(paused ? "resume" : "pause", paused ? "Resume" : "Pause")}
      <DeleteMonitor id={id} name={name} />
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "done" && <span className="text-sm text-slate-600">{state.message}</span>}
    </div>
  );
}

/** Delete behind a confirmation step, as revoking a key is: a slipped click must not end a monitor. */
function DeleteMonitor({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmDialog
      action={monitorAction}
      doneStatus="done"
      trigger={
        <>
          Delete<span className="sr-only"> monitor {name}</span>
        </>
      }
      triggerClassName={buttonClasses({ variant: "ghost" }, "text-red-700 hover:bg-red-50 hover:text-red-800")}
      title={<>Delete “{name}”?</>}
      description="Its scheduled checks stop and it leaves this list. This cannot be undone."
      confirmLabel="Delete monitor"
      pendingLabel="Deleting…"
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="op" value="delete" />
    </ConfirmDialog>
  );
}
