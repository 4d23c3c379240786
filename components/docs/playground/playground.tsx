"use client";

import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Button, Card, CardContent, CopyButton, Switch } from "@/components/ui";
import { useOrigin } from "@/components/site/use-origin";
import { readSession, useSession } from "@/components/site/use-session";
import { useAccountTemplates } from "./account-templates";
import { AuthPanel, type AuthMode } from "./auth-panel";
import { readOutcome, type Outcome } from "./outcome";
import { ParamControl } from "./param-control";
import { buildQuery, outputExtension, templateValues, visibleFields } from "./query";
import { ResultView, resultAnnouncement } from "./result-view";
import type { SigningInput } from "./signed-fields";
import { SignedUrlOutput } from "./signed-url-output";
import { shareUrl } from "./share";
import { useLinkedForm } from "./use-linked-form";
import { useSignedUrl } from "./use-signed-url";
import { SnippetTabs } from "./snippet-tabs";
import { TemplateFields } from "./template-fields";
import { KEY_PLACEHOLDER } from "./snippets";
import type { EndpointName, ParamField, TemplateInfo } from "./types";

/** Free-text parameters get the full row; numbers, choices and switches share rows. */
const isWide = (field: ParamField) => field.kind === "url" || field.kind === "string" || field.kind === "list";

const withQuery = (base: string, query: string) => (query ? `${base}?${query}` : base);

/**
 * The live playground of a reference page (D13): a form generated from the endpoint's parameter
 * schema, the real response, and snippets of the same request. See ./query.ts and ./snippets.ts
 * for what "the same request" means.
 */
export function Playground({
  endpoint,
  fields,
  templates: builtIn = [],
}: {
  endpoint: EndpointName;
  fields: readonly ParamField[];
  templates?: readonly TemplateInfo[];
}) {
  const session = useSession();
  // Signed in, the account's own templates follow the built-in ones (D21); they render with any mode.
  const own = useAccountTemplates(endpoint === "og" && session.status === "signed-in");
  const templates = useMemo(() => [...builtIn, ...own], [builtIn, own]);
  const ownNames = useMemo(() => new Set(own.map((t) => t.name)), [own]);
  // Until the visitor picks one, the mode follows the session: signed in → session, else key.
  const [chosenMode, setMode] = useState<AuthMode | null>(null);
  const mode: AuthMode = chosenMode ?? (session.status === "signed-in" ? "session" : "key");
  const [apiKey, setApiKey] = useState("");
  const [signing, setSigning] = useState<SigningInput>({ keyId: "", signingSecret: "", expiry: "never" });
  // The form follows the page URL both ways (D22): a shared link fills it, and the URL follows edits.
  const { values, update: setValues, template } = useLinkedForm(endpoint, fields, builtIn[0], templates);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const origin = useOrigin("");
  const objectUrl = useRef<string | null>(null);
  const idPrefix = `pg-${endpoint}`;
  const resultRef = useRef<HTMLElement>(null);

  useEffect(() => () => void (objectUrl.current && URL.revokeObjectURL(objectUrl.current)), []);

  const fieldError =
    outcome.kind === "problem" && outcome.problem.param
      ? { param: outcome.problem.param, detail: outcome.problem.detail ?? "Invalid value." }
      : null;
  const query = buildQuery(fields, values, template);
  const useSessionAuth = mode === "session" && session.status === "signed-in";
  const publicUrl = withQuery(`${origin}/v1/${endpoint}`, query);
  // The content endpoint answers JSON unless response=markdown (D24); the others only with response=json.
  // /v1/diff (D27) and /v1/map (D32) answer only JSON.
  const json =
    endpoint === "content"
      ? values.response !== "markdown"
      : endpoint === "diff" || endpoint === "map" || values.response === "json";
  const shown = useMemo(
    () => visibleFields(fields, values).filter((f) => f.name !== "response" && f.name !== "template"),
    [fields, values],
  );

  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  function chooseTemplate(name: string) {
    const next = templates.find((t) => t.name === name);
    setValues((v) => {
      const kept = Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith("var:")));
      return { ...kept, template: name, ...(next ? templateValues(next) : {}) };
    });
  }

  // The signed URL shown follows the form; Render re-signs.
  const signedUrl = useSignedUrl({ active: mode === "signed", origin, endpoint, query, signing });
  const signingProblem = signedUrl.problem;

  async function render(event: FormEvent) {
    event.preventDefault();
    if (mode === "signed") return renderSigned();
    let viaSession = useSessionAuth;
    // Render pressed before the session answer arrived (#35 point 7): wait for it rather than
    // asking a signed-in visitor for a key.
    if (session.status === "loading" && chosenMode === null && !apiKey) {
      startLoading();
      viaSession = (await readSession()).status === "signed-in";
    }
    if (!viaSession && !apiKey) {
      setOutcome({ kind: "network", message: "Paste an API key first (or sign in to render through your account)." });
      return;
    }
    startLoading();
    const url = viaSession ? withQuery(`${origin}/api/playground/${endpoint}`, query) : publicUrl;
    try {
      const response = await fetch(url, {
        headers: viaSession ? {} : { "X-API-Key": apiKey },
        credentials: "same-origin",
        cache: "no-store",
      });
      show(await readOutcome(response));
    } catch {
      setOutcome({ kind: "network", message: "The server could not be reached. Check your connection and try again." });
    }
  }

  async function renderSigned() {
    if (signingProblem) return setOutcome({ kind: "network", message: signingProblem });
    startLoading();
    try {
      const url = await signedUrl.sign();
      // No cookie, no header: exactly what a crawler or an <img> on another site sends.
      show(await readOutcome(await fetch(url, { credentials: "omit", cache: "no-store" })));
    } catch {
      setOutcome({ kind: "network", message: "The server could not be reached. Check your connection and try again." });
    }
  }

  /**
   * A new request clears the old result and brings the result into view (issue 20): on a phone it
   * sits below the whole form; on a desktop the column is sticky, so this only scrolls when needed.
   */
  function startLoading() {
    setOutcome({ kind: "loading" });
    const box = resultRef.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.top > window.innerHeight - 80))
      resultRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  function show(result: Outcome) {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = result.kind === "binary" ? result.objectUrl : null;
    setOutcome(result);
    // The API's message goes on the field it names, brought to the middle of the screen so the
    // sticky Render bar at the bottom never covers it (the browser's own bubbles are off: noValidate).
    const param = result.kind === "problem" ? result.problem.param : undefined;
    if (param) {
      requestAnimationFrame(() => {
        const control = document.getElementById(`${idPrefix}-${param}`);
        control?.scrollIntoView({ block: "center" });
        control?.focus({ preventScroll: true });
      });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid={`playground-${endpoint}`}>
      <Card>
        <CardContent>
          <form onSubmit={render} noValidate className="space-y-5" aria-label={`${endpoint} request`}>
            <AuthPanel
              session={session}
              mode={mode}
              onModeChange={setMode}
              apiKey={apiKey}
              onApiKeyChange={setApiKey}
              signing={signing}
              onSigningChange={setSigning}
            />
            <hr className="border-slate-100" />
            <TemplateFields
              picker={endpoint === "og"}
              idPrefix={idPrefix}
              templates={templates}
              ownNames={ownNames}
              template={template}
              values={values}
              onChooseTemplate={chooseTemplate}
              onChange={(name, value) => set(name)(value)}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              {shown.map((field) => (
                <div key={field.name} className={isWide(field) ? "sm:col-span-2" : undefined}>
                  <ParamControl
                    idPrefix={idPrefix}
                    field={field}
                    value={values[field.name] ?? ""}
                    onChange={set(field.name)}
                    error={fieldError?.param === field.name ? fieldError.detail : undefined}
                  />
                </div>
              ))}
            </div>
            <div className="sticky bottom-0 -mx-5 flex items-center justify-between gap-3 border-t border-slate-100 bg-white/95 px-5 pt-4 backdrop-blur sm:-mx-6 sm:px-6">
              {endpoint === "content" ? (
                <span className="text-xs text-slate-500">One render, every format checked.</span>
              ) : endpoint === "diff" ? (
                <span className="text-xs text-slate-500">JSON: the changed share, the boxes, the diff image.</span>
              ) : endpoint === "map" ? (
                <span className="text-xs text-slate-500">
                  No render: the site&apos;s URLs, from sitemaps and links.
                </span>
              ) : (
                <Switch
                  id={`${idPrefix}-json`}
                  label="JSON metadata"
                  checked={json}
                  onChange={(e) => set("response")(e.target.checked ? "json" : "")}
                  data-testid="json-toggle"
                />
              )}
              <Button type="submit" loading={outcome.kind === "loading"} data-testid="render">
                Render
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <div className="min-w-0 space-y-6 lg:sticky lg:top-20 lg:self-start">
        <section ref={resultRef} aria-label="Result" className="scroll-mt-20 space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">Result</h3>
          <p aria-live="polite" className="sr-only">
            {resultAnnouncement(outcome)}
          </p>
          <ResultView
            outcome={outcome}
            alt={
              endpoint === "og"
                ? `Open Graph image from the ${values.template} template`
                : endpoint === "animate"
                  ? `Recording of ${values.url}`
                  : endpoint === "diff"
                    ? `What changed on ${values.url}: the changed pixels in red, each changed region outlined`
                    : `Screenshot of ${values.url}`
            }
          />
        </section>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
          <p className="text-xs text-slate-600">A link to this form as it is now (never your key or secret).</p>
          <CopyButton
            value={shareUrl(origin, endpoint, fields, values, template)}
            label="Copy link"
            copiedLabel="Link copied"
          />
        </div>
        {mode === "signed" ? (
          <SignedUrlOutput endpoint={endpoint} url={signedUrl.url} problem={signingProblem} />
        ) : (
          <section aria-label="Code" className="space-y-3">
            <h3 className="text-sm font-semibold text-slate-900">The same request in code</h3>
            <p className="text-xs text-slate-500">
              {useSessionAuth
                ? `The playground renders through your session at /api/playground/${endpoint} with this exact query; in your code, call /v1/${endpoint} with a key in place of ${KEY_PLACEHOLDER}.`
                : "Exactly the request the Render button sends: same URL, same query order, same X-API-Key header."}
            </p>
            <SnippetTabs
              request={{
                url: publicUrl,
                apiKey: useSessionAuth || !apiKey ? KEY_PLACEHOLDER : apiKey,
                json,
                fileName: endpoint === "content" ? "content.json" : `${endpoint}.${outputExtension(values)}`,
              }}
            />
          </section>
        )}
      </div>
    </div>
  );
}
