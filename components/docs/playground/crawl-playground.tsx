"use client";

import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Badge, Button, Card, CardContent, CodeBlock, Tabs } from "@/components/ui";
import { useOrigin } from "@/components/site/use-origin";
import { readSession, useSession } from "@/components/site/use-session";
import { AuthPanel, type AuthMode } from "./auth-panel";
import {
  CRAWL_SNIPPET_LABELS,
  crawlBody,
  crawlSnippet,
  crawlStartingValues,
  type CrawlSnippetLanguage,
} from "./crawl-request";
import { readOutcome, type Outcome } from "./outcome";
import { ParamControl } from "./param-control";
import { ResultView } from "./result-view";
import { KEY_PLACEHOLDER } from "./snippets";
import type { FormValues, ParamField } from "./types";

interface CrawlPage {
  url: string;
  status: string;
  title?: string | null;
  markdown?: string;
  error?: { code?: string; detail?: string };
}

interface CrawlState {
  id: string;
  status: string;
  stopReason?: string;
  total: number;
  completed: number;
  failed: number;
  pages: CrawlPage[];
}

const POLL_MS = 1000;
const isWide = (field: ParamField) => field.kind === "url" || field.kind === "string" || field.bodyType === "array";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The crawl playground (D13, D32): a form generated from POST /v1/crawl's schema starts a real
 * crawl — through the signed-in session (/api/playground/crawl) or a pasted key (/v1/crawl) — and
 * shows its pages as they end, reading GET …/crawl/{id} every second from where the last read
 * ended (its `cursor`) until the crawl ends; Cancel is its DELETE. The code beside it starts the
 * same crawl with the same JSON body.
 */
export function CrawlPlayground({ fields }: { fields: readonly ParamField[] }) {
  const session = useSession();
  const [chosenMode, setMode] = useState<AuthMode | null>(null);
  const mode: AuthMode = chosenMode ?? (session.status === "signed-in" ? "session" : "key");
  const [apiKey, setApiKey] = useState("");
  const [values, setValues] = useState<FormValues>(() => crawlStartingValues(fields));
  const [problem, setProblem] = useState<Outcome>({ kind: "idle" });
  const [crawl, setCrawl] = useState<CrawlState | null>(null);
  const [started, setStarted] = useState<{ id: string; bySession: boolean } | null>(null);
  const [language, setLanguage] = useState<CrawlSnippetLanguage>("curl");
  const origin = useOrigin("");
  const run = useRef(0); // the crawl being watched; a new one (or leaving the page) stops the old loop
  useEffect(() => () => void run.current++, []);

  const shown = useMemo(() => fields.filter((f) => !f.credential), [fields]);
  const body = crawlBody(fields, values);
  const viaSession = mode === "session" && session.status === "signed-in";
  const base = (session: boolean) => `${origin}${session ? "/api/playground/crawl" : "/v1/crawl"}`;
  const fieldError = problem.kind === "problem" ? problem.problem.param : undefined;

  async function call(url: string, init: RequestInit, session: boolean): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (!session) headers["X-API-Key"] = apiKey;
    return fetch(url, { ...init, headers, credentials: "same-origin", cache: "no-store" });
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    let bySession = viaSession;
    // Started before the session answer arrived: wait for it rather than asking a signed-in visitor for a key.
    if (session.status === "loading" && chosenMode === null && !apiKey)
      bySession = (await readSession()).status === "signed-in";
    if (!bySession && !apiKey)
      return setProblem({
        kind: "network",
        message: "Paste an API key first (or sign in to crawl through your account).",
      });
    const watching = ++run.current;
    setCrawl(null);
    setProblem({ kind: "loading" });
    try {
      const response = await call(
        base(bySession),
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
        bySession,
      );
      if (response.status !== 202) return setProblem(await readOutcome(response));
      const { id, status } = (await response.json()) as { id: string; status: string };
      setProblem({ kind: "idle" });
      setCrawl({ id, status, total: 1, completed: 0, failed: 0, pages: [] });
      setStarted({ id, bySession });
      await watch(id, bySession, watching);
    } catch {
      setProblem({ kind: "network", message: "The server could not be reached. Check your connection and try again." });
    }
  }

  /**
   * Reads the crawl's ended pages every second until it has ended, each read from the `cursor` the
   * last one ended at (pages come in the order they end, so a page ending later is never behind it).
   */
  async function watch(id: string, bySession: boolean, watching: number) {
    const pages: CrawlPage[] = [];
    let cursor = "0";
    for (;;) {
      const response = await call(`${base(bySession)}/${id}?size=500&cursor=${cursor}`, {}, bySession);
      if (run.current !== watching) return;
      if (!response.ok) return setProblem(await readOutcome(response));
      const answer = (await response.json()) as CrawlState & { cursor: string; next?: string };
      pages.push(...answer.pages);
      cursor = answer.cursor;
      if (answer.next) continue;
      setCrawl({ ...answer, pages: [...pages] });
      if (answer.status !== "running") return;
      await sleep(POLL_MS);
    }
  }

  async function cancel() {
    if (!started) return;
    const response = await call(`${base(started.bySession)}/${started.id}`, { method: "DELETE" }, started.bySession);
    if (!response.ok) setProblem(await readOutcome(response));
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="playground-crawl">
      <Card>
        <CardContent>
          <form onSubmit={start} noValidate className="space-y-5" aria-label="crawl request">
            <AuthPanel
              session={session}
              mode={mode}
              onModeChange={setMode}
              apiKey={apiKey}
              onApiKeyChange={setApiKey}
              signing={{ keyId: "", signingSecret: "", expiry: "never" }}
              onSigningChange={() => {}}
              signedUrls={false}
            />
            <hr className="border-slate-100" />
            <div className="grid gap-5 sm:grid-cols-2">
              {shown.map((field) => (
                <div key={field.name} className={isWide(field) ? "sm:col-span-2" : undefined}>
                  <ParamControl
                    idPrefix="pg-crawl"
                    field={field}
                    value={values[field.name] ?? ""}
                    onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
                    error={fieldError === field.name && problem.kind === "problem" ? problem.problem.detail : undefined}
                  />
                </div>
              ))}
            </div>
            <div className="sticky bottom-0 -mx-5 flex items-center justify-between gap-3 border-t border-slate-100 bg-white/95 px-5 pt-4 backdrop-blur sm:-mx-6 sm:px-6">
              <span className="text-xs text-slate-500">Each page is one render; a failed page is free.</span>
              <Button type="submit" loading={problem.kind === "loading"} data-testid="crawl-start">
                Start crawl
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <div className="min-w-0 space-y-6 lg:sticky lg:top-20 lg:self-start">
        <section aria-label="Crawl" className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">Pages</h3>
          {problem.kind !== "idle" && <ResultView outcome={problem} alt="" />}
          {crawl && <CrawlProgress crawl={crawl} onCancel={cancel} />}
        </section>
        <section aria-label="Code" className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">The same crawl in code</h3>
          <Tabs
            label="Code sample language"
            tabs={(Object.keys(CRAWL_SNIPPET_LABELS) as CrawlSnippetLanguage[]).map((value) => ({
              value,
              label: CRAWL_SNIPPET_LABELS[value],
            }))}
            value={language}
            onChange={setLanguage}
          >
            <CodeBlock
              code={crawlSnippet(language, origin, viaSession || !apiKey ? KEY_PLACEHOLDER : apiKey, body)}
              caption={CRAWL_SNIPPET_LABELS[language]}
              wrap
            >
              <span data-testid="crawl-snippet" data-language={language}>
                {crawlSnippet(language, origin, viaSession || !apiKey ? KEY_PLACEHOLDER : apiKey, body)}
              </span>
            </CodeBlock>
          </Tabs>
        </section>
      </div>
    </div>
  );
}

function CrawlProgress({ crawl, onCancel }: { crawl: CrawlState; onCancel: () => void }) {
  return (
    <div className="space-y-3" data-testid="crawl-progress">
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <Badge tone={crawl.status === "running" ? "warning" : "success"} data-testid="crawl-status">
          {crawl.status}
          {crawl.stopReason ? ` (${crawl.stopReason})` : ""}
        </Badge>
        <span data-testid="crawl-counts">
          {crawl.completed} done · {crawl.failed} failed · {crawl.total} found
        </span>
        {crawl.status === "running" && (
          <Button type="button" variant="outline" onClick={onCancel} data-testid="crawl-cancel">
            Cancel
          </Button>
        )}
      </div>
      <ol className="max-h-[32rem] space-y-2 overflow-auto">
        {crawl.pages.map((page) => (
          <li key={page.url} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="crawl-page">
            <p className="break-all font-mono text-xs text-slate-600">{page.url}</p>
            <p className={page.status === "failed" ? "text-rose-700" : "font-medium text-slate-900"}>
              {page.status === "failed" ? `failed: ${page.error?.code ?? ""}` : (page.title ?? "(no title)")}
            </p>
            {page.markdown && <p className="mt-1 line-clamp-3 text-xs text-slate-600">{page.markdown.slice(0, 400)}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
