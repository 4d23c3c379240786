/**
 * Renders one page of a crawl (D32): the one place a crawl calls the render pipeline, through
 * /v1/content's own spec and handler — its schema, validate step (the content plan), plan gates,
 * serveResult (cache, single flight, quota charged on a miss and refunded on a failure) and the
 * render with lazy content scrolled in and the main-content rules. Links are always read (the
 * crawl follows the links of the rendered DOM, so client-side routes count) and every answer has
 * the page's title; metadata only when asked for, since it costs a screenshot for its palette.
 * The answer keeps only the formats the caller asked for.
 */
import "server-only";
import { runEndpoint } from "@/lib/api/run-endpoint";
import type { Caller } from "@/lib/vocabulary/caller";
import { problemBody } from "@/lib/vocabulary/errors";
import { contentEndpoint } from "@/lib/content/endpoint";
import { handleContent } from "@/lib/content/handler";
import { chargePage } from "./charge";

export interface PageRender {
  caller: Caller;
  url: string;
  /** /v1/content's parameters given for every page of the crawl, as query values. */
  page: Readonly<Record<string, string>>;
  requestId: string;
  signal: AbortSignal;
  /** The page's row (`seq`): its render is charged once however often its job runs (./charge.ts). */
  seq: string;
  /** A run after one cut off by a dying instance (the job's attempts > 1): see DEAD_LOCK_MS. */
  rerun?: boolean;
}

/**
 * A run after a dying instance's may first wait for that instance's render lock (D6's single
 * flight across instances, 30 s, renewed while its holder lives) to lapse before it renders: that
 * wait is added to the page's `timeout`, so the page is rendered, not failed render_timeout.
 */
const DEAD_LOCK_MS = 30_000;

/** A rendered page as /v1/content answered it, or its problem+json (a failed page is not charged). */
export type PageOutcome =
  | { ok: true; answer: Record<string, unknown>; links: string[]; finalUrl: string; title: string | null }
  | { ok: false; problem: Record<string, unknown>; code: string };

/** The content query of one page: the crawl's page options, the URL, and the format discovery needs. */
export function pageQuery(url: string, page: Readonly<Record<string, string>>): URLSearchParams {
  const formats = new Set([...(page.formats ?? "markdown").split(","), "links"]);
  // A page that answers 4xx/5xx is a failed page (not charged), not a rendered error page.
  return new URLSearchParams({ ...page, url, formats: [...formats].join(","), failOnHttpError: "true" });
}

export async function renderCrawlPage(input: PageRender): Promise<PageOutcome> {
  // The endpoint core (D35), for the crawl's caller: /v1/content's schema, validate step, plan gates
  // as the plan is now (an account that moved down since the crawl began gets the 403 it would get
  // now) and handler. The key's restrictions were checked when the crawl was accepted.
  const ran = await runEndpoint(contentEndpoint, handleContent, {
    caller: input.caller,
    input: pageQuery(input.url, input.page),
    signal: input.signal,
    requestId: input.requestId,
    keyLimits: "accepted",
    charge: (count) => chargePage(input.caller, input.seq, count),
    ...(input.rerun ? { adjust: (plan) => ({ ...plan, timeoutMs: plan.timeoutMs + DEAD_LOCK_MS }) } : {}),
  });
  if (!ran.ok) {
    const problem = problemBody(ran.error, input.requestId) as unknown as Record<string, unknown>;
    return { ok: false, problem, code: ran.error.code };
  }
  if (ran.outcome.kind !== "json" || ran.outcome.status >= 400) {
    const body = ran.outcome.kind === "json" ? (ran.outcome.body as Record<string, unknown>) : {};
    return { ok: false, problem: body, code: String(body.code ?? "internal_error") };
  }
  const body = ran.outcome.body as Record<string, unknown>;
  const links = ((body.links ?? []) as Array<{ url?: unknown }>)
    .map((link) => link.url)
    .filter((url): url is string => typeof url === "string");
  const finalUrl = typeof body.finalUrl === "string" ? body.finalUrl : input.url;
  return { ok: true, answer: body, links, finalUrl, title: typeof body.title === "string" ? body.title : null };
}
