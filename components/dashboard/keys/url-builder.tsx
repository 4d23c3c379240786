"use client";
/**
 * Signed URL builder (D15): pick a key, a template and its variables; the server signs the URL
 * with the key's signing secret (which never reaches the browser) and returns it with the
 * `<meta property="og:image">` tag to paste into a page.
 */
import { useActionState, useId, useState } from "react";
import { buildSignedUrlAction, type BuildUrlState } from "@/lib/keys/url-builder/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { Alert, CopyButton, Input, Select, Textarea } from "@/components/ui";

export interface BuilderTemplate {
  name: string;
  /** What the list shows: the name, marked when it is one of the account's own templates. */
  label: string;
  variables: ReadonlyArray<{ name: string; type: string; required: boolean; example: string }>;
}

/** Set when the account's plan is below /v1/og's: every URL built here would answer 403 (#35 point 2). */
export interface BuilderPlanGate {
  current: string;
  needed: string;
  href: string;
}

export function SignedUrlBuilder({
  keys,
  templates,
  planGate,
}: {
  keys: ReadonlyArray<{ id: string; name: string }>;
  templates: readonly BuilderTemplate[];
  planGate?: BuilderPlanGate;
}) {
  const [state, action] = useActionState<BuildUrlState, FormData>(buildSignedUrlAction, { status: "idle" });
  const [templateName, setTemplateName] = useState(templates[0]?.name ?? "");
  const template = templates.find((t) => t.name === templateName) ?? templates[0];
  const id = useId();
  if (keys.length === 0)
    return <p className="text-sm text-slate-600">Create a key with a signing secret to build signed URLs.</p>;
  return (
    <form action={action} className="space-y-4" data-testid="url-builder">
      {planGate && <PlanWarning gate={planGate} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-key`} className="block text-sm font-medium text-slate-900">
            Key
          </label>
          <Select id={`${id}-key`} name="keyId">
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-template`} className="block text-sm font-medium text-slate-900">
            Template
          </label>
          <Select
            id={`${id}-template`}
            name="template"
            value={templateName}
            onChange={(e) => setTemplateName(e.target.value)}
          >
            {templates.map((t) => (
              <option key={t.name} value={t.name}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-expiry`} className="block text-sm font-medium text-slate-900">
            Expires
          </label>
          <Select id={`${id}-expiry`} name="expiry" defaultValue="never">
            <option value="never">Never (until revoked or rolled)</option>
            <option value="1d">In 1 day</option>
            <option value="30d">In 30 days</option>
            <option value="366d">In 366 days (the maximum)</option>
          </Select>
        </div>
      </div>
      <fieldset key={template?.name} className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">Variables</legend>
        {template?.variables.map((v) => (
          <div key={v.name} className="space-y-1">
            <label htmlFor={`${id}-var-${v.name}`} className="block text-sm text-slate-800">
              {v.name} {v.required && <span className="text-slate-500">(required)</span>}
            </label>
            {v.type === "list" ? (
              <Textarea id={`${id}-var-${v.name}`} name={`var:${v.name}`} rows={3} defaultValue={v.example} />
            ) : (
              <Input
                id={`${id}-var-${v.name}`}
                name={`var:${v.name}`}
                defaultValue={v.type === "text" ? v.example : ""}
                placeholder={v.example}
                autoComplete="off"
              />
            )}
          </div>
        ))}
      </fieldset>
      <SubmitButton pendingLabel="Signing…">Build signed URL</SubmitButton>
      {state.status === "error" && <Alert tone="danger">{state.message}</Alert>}
      {state.status === "built" && (
        <div className="space-y-3" data-testid="built-url">
          <Output label="Signed URL" value={state.url} testId="signed-url" />
          <Output label="Meta tag" value={state.metaTag} testId="meta-tag" />
          {planGate && <PlanWarning gate={planGate} />}
        </div>
      )}
    </form>
  );
}

/** Said before building and again beside the result: a broken social preview is easy to ship unseen. */
function PlanWarning({ gate }: { gate: BuilderPlanGate }) {
  return (
    <Alert tone="warning" className="url-builder-plan">
      On the {gate.current} plan these URLs answer 403 plan_upgrade_required: Open Graph images need the {gate.needed}{" "}
      plan or higher, so a page using them shows no social preview.{" "}
      <a href={gate.href} className="font-medium underline">
        Upgrade to {gate.needed}
      </a>{" "}
      before putting them in a page.
    </Alert>
  );
}

function Output({ label, value, testId }: { label: string; value: string; testId: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Textarea
          id={id}
          readOnly
          value={value}
          rows={3}
          className="font-mono text-xs"
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} size="md" />
      </div>
    </div>
  );
}
