/**
 * The /v1/crawl routes once the pipeline has authenticated, parsed, validated and gated the
 * request (D32): start a crawl (202 with its status URL), read it a page of results at a time
 * (keyset pages, `next` while there are more), stream every ended page as JSON lines, cancel it.
 * Another workspace's crawl id answers 404 crawl_not_found, exactly like an unknown one.
 */
import "server-only";
import type { ApiContext } from "@/lib/api/context";
import { type EndpointOutcome, jsonOutcome } from "@/lib/api/outcome";
import { ownerId } from "@/lib/vocabulary/caller";
import { ApiError } from "@/lib/vocabulary/errors";
import { enqueueJobs } from "@/lib/jobs/worker";
import { siteScope } from "@/lib/map/scope";
import { PLANS } from "@/lib/plans";
import type { CrawlStart } from "./endpoint";
import { sealPageOptions } from "./page-secrets";
import type { CrawlParams, CrawlResultsParams } from "./params";
import { endedPages } from "./page-order";
import { cancelCrawl, crawlCounts, findCrawl, insertCrawl, runningCrawls, type CrawlRow } from "./store";
import { CRAWL_ID_PATTERN, crawlView, pagesJsonlStream, pageView, statusUrlOf } from "./view";

const NO_STORE = { "Cache-Control": "no-store" };

/** The crawl the path names (…/crawl/{id} or …/crawl/{id}/pages.jsonl), if it is the caller's. */
async function crawlOf(ctx: ApiContext<unknown, unknown>): Promise<CrawlRow> {
  const segments = ctx.path.split("/");
  const at = segments.indexOf("crawl");
  const id = decodeURIComponent(segments[at + 1] ?? "");
  const crawl = CRAWL_ID_PATTERN.test(id) ? await findCrawl(id, ownerId(ctx.caller)) : undefined;
  if (!crawl) throw new ApiError("crawl_not_found", "No crawl with this id belongs to this account.");
  return crawl;
}

export async function handleCreateCrawl(ctx: ApiContext<CrawlParams, CrawlStart>): Promise<EndpointOutcome> {
  const { params, validated, caller } = ctx;
  const plan = PLANS[caller.plan];
  if ((await runningCrawls(ownerId(caller))) >= plan.crawls)
    throw new ApiError(
      "crawl_limit_reached",
      `The ${plan.name} plan runs ${plan.crawls} crawl${plan.crawls === 1 ? "" : "s"} at a time; wait for one to end or cancel it.`,
    );
  const start = new URL(params.url);
  const scope = siteScope(start, params);
  const url = scope.normalise(params.url, start)!;
  // D41: the proxy (a secret page option) is sealed on the row, never kept in its plain options.
  const sealed = await sealPageOptions(validated.page, ownerId(caller));
  const { crawl, jobIds } = await insertCrawl(
    {
      userId: ownerId(caller),
      apiKeyId: caller.apiKeyId,
      ...(caller.oauthGrantId ? { oauthGrantId: caller.oauthGrantId } : {}),
    },
    {
      url: url.href,
      key: scope.key(url),
      pageLimit: validated.pageLimit,
      webhookUrl: params.webhookUrl,
      pageSecrets: sealed.pageSecrets,
      options: {
        depth: params.depth,
        sitemap: params.sitemap,
        subdomains: params.subdomains,
        ignoreQueryParameters: params.ignoreQueryParameters,
        ...(params.include ? { include: params.include } : {}),
        ...(params.exclude ? { exclude: params.exclude } : {}),
        page: sealed.page,
        formats: params.formats,
        limitSource: validated.limitSource,
        ...(params.pageWebhooks ? { pageWebhooks: true } : {}),
      },
    },
  );
  await enqueueJobs(jobIds);
  return jsonOutcome(
    { id: crawl.id, status: crawl.status, statusUrl: statusUrlOf(crawl.id) },
    { status: 202, headers: { ...NO_STORE, Location: statusUrlOf(crawl.id) } },
  );
}

export async function handleGetCrawl(ctx: ApiContext<CrawlResultsParams, undefined>): Promise<EndpointOutcome> {
  const crawl = await crawlOf(ctx);
  const { cursor, size } = ctx.params;
  const [counts, rows] = await Promise.all([crawlCounts(crawl.id), endedPages(crawl.id, cursor ?? "0", size + 1)]);
  const pages = rows.slice(0, size);
  const next =
    rows.length > size ? `${statusUrlOf(crawl.id)}?cursor=${pages[pages.length - 1].end_seq}&size=${size}` : undefined;
  // The cursor after these pages, so a reader of a running crawl resumes there (pages end in end_seq order).
  const after = pages.length > 0 ? pages[pages.length - 1].end_seq! : (cursor ?? "0");
  return jsonOutcome(
    { ...crawlView(crawl, counts), pages: pages.map(pageView), cursor: after, ...(next ? { next } : {}) },
    { headers: NO_STORE },
  );
}

/** Every ended page as one JSON object per line (lib/crawl/view.ts's stream). */
export async function handleCrawlPagesJsonl(ctx: ApiContext<unknown, unknown>): Promise<EndpointOutcome> {
  const crawl = await crawlOf(ctx);
  return {
    kind: "stream",
    status: 200,
    body: pagesJsonlStream(crawl.id),
    contentType: "application/x-ndjson; charset=utf-8",
    headers: { ...NO_STORE, "Content-Disposition": `attachment; filename="${crawl.id}.jsonl"` },
  };
}

export async function handleCancelCrawl(ctx: ApiContext<unknown, unknown>): Promise<EndpointOutcome> {
  const crawl = await crawlOf(ctx);
  await cancelCrawl(crawl.id);
  const now = (await findCrawl(crawl.id, crawl.user_id))!;
  return jsonOutcome(crawlView(now, await crawlCounts(crawl.id)), { headers: NO_STORE });
}
