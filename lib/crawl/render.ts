/**
 * Renders one page of a crawl (D32): the one place a crawl calls the render pipeline, through
 * /v1/content's own spec and handler — its schema, validate step (the content plan), plan gates,
 * serveResult (cache, single flight, quota charged on a miss and refunded on a failure) and the
 * render with lazy content scrolled in and the main-content rules. Links and metadata are always
 * read (the crawl follows the links of the rendered DOM, so client-side routes count, and shows
 * each page's title); the answer keeps only the formats the caller asked for.
 */
import "server-only";
import type { ApiContext } from "@/lib/api/context";
import type { Caller } from "@/lib/vocabulary/caller";
import { problemResponse, toApiError } from "@/lib/vocabulary/errors";
import { enforcePlanGates } from "@/lib/api/gates";
import { parseQuery } from "@/lib/api/query";
import { contentEndpoint } from "@/lib/content/endpoint";
import { handleContent } from "@/lib/content/handler";
import { env } from "@/lib/env";
import { chargeRender } from "@/lib/jobs/run";

export interface PageRender {
  caller: Caller;
  url: string;
  /** /v1/content's parameters given for every page of the crawl, as query values. */
  page: Readonly<Record<string, string>>;
  requestId: string;
  signal: AbortSignal;
}

/** A rendered page as /v1/content answered it, or its problem+json (a failed page is not charged). */
export type PageOutcome =
  | { ok: true; answer: Record<string, unknown>; links: string[]; finalUrl: string; title: string | null }
  | { ok: false; problem: Record<string, unknown>; code: string };

/** The content query of one page: the crawl's page options, the URL, and the formats discovery needs. */
export function pageQuery(url: string, page: Readonly<Record<string, string>>): URLSearchParams {
  const formats = new Set([...(page.formats ?? "markdown").split(","), "links", "metadata"]);
  // A page that answers 4xx/5xx is a failed page (not charged), not a rendered error page.
  return new URLSearchParams({ ...page, url, formats: [...formats].join(","), failOnHttpError: "true" });
}

export async function renderCrawlPage(input: PageRender): Promise<PageOutcome> {
  const { caller } = input;
  try {
    const parsed = parseQuery(pageQuery(input.url, input.page), contentEndpoint.params, { extras: "reject" });
    const validated = await contentEndpoint.validate(parsed.params, { ...parsed, caller });
    // The plan as it is now: an account that moved down since the crawl began gets the 403 it would get now.
    enforcePlanGates(contentEndpoint, parsed.params as Record<string, unknown>, parsed.given, caller.plan);
    const ctx: ApiContext<typeof parsed.params, typeof validated> = {
      request: new Request(`${env().APP_URL}/v1/content`, { signal: input.signal }),
      requestId: input.requestId,
      receivedAt: Date.now(),
      caller,
      params: parsed.params,
      validated,
      given: parsed.given,
      extras: parsed.extras,
      usage: {},
      consumeRender: (count = 1) => chargeRender(caller, count),
    };
    const response = await handleContent(ctx);
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) return { ok: false, problem: body, code: String(body.code ?? "internal_error") };
    const links = ((body.links ?? []) as Array<{ url?: unknown }>)
      .map((link) => link.url)
      .filter((url): url is string => typeof url === "string");
    const finalUrl = typeof body.finalUrl === "string" ? body.finalUrl : input.url;
    return { ok: true, answer: body, links, finalUrl, title: typeof body.title === "string" ? body.title : null };
  } catch (error) {
    const apiError = toApiError(error);
    const problem = (await problemResponse(apiError, input.requestId).json()) as Record<string, unknown>;
    return { ok: false, problem, code: apiError.code };
  }
}
