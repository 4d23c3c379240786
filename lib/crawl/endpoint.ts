/**
 * /v1/crawl as the pipeline sees it (D32). Starting one: every 400 first — the start URL resolved
 * under the address policy (D9), the page options planned by /v1/content's own validate step, the
 * webhook URL — then the plan's pages per crawl (403, after every 400, D2). The number of crawls
 * running is the handler's. Reading, listing pages and cancelling: the id in the path.
 */
import type { EndpointSpec } from "@/lib/api/context";
import { ApiError } from "@/lib/vocabulary/errors";
import { noParamsEndpoint } from "@/lib/api/no-params";
import { parseQuery } from "@/lib/api/query";
import { contentEndpoint } from "@/lib/content/endpoint";
import { assertEarlyTarget } from "@/lib/net/proxy/target";
import { PLAN_IDS, PLANS } from "@/lib/plans";
import { assertWebhookUrl } from "@/lib/webhooks/url";
import { CRAWL_BODY_MAX_BYTES, crawlParams, type CrawlParams, crawlResultsParams, PAGE_OPTION_NAMES } from "./params";
import { pageQuery } from "./render";

/** The /v1/content parameters given for every page, as query values (only those given: defaults stay defaults). */
function pageOptionsOf(params: CrawlParams, given: ReadonlySet<string>): Record<string, string> {
  const page: Record<string, string> = {};
  for (const name of PAGE_OPTION_NAMES) {
    const value = params[name];
    if (!given.has(name) || value === undefined) continue;
    page[name] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return page;
}

export interface CrawlStart {
  page: Record<string, string>;
  pageLimit: number;
  limitSource: "request" | "plan";
}

export const createCrawlEndpoint = {
  id: "crawl",
  params: crawlParams,
  extras: "reject",
  keyEndpoint: "content",
  jsonBody: { maxBytes: CRAWL_BODY_MAX_BYTES },
  validate: async (params, { given, caller }): Promise<CrawlStart> => {
    const page = pageOptionsOf(params, given);
    // Planned as /v1/content would plan the start page: its 400s now, not on every page later.
    const parsed = parseQuery(pageQuery(params.url, page), contentEndpoint.params, { extras: "reject" });
    await contentEndpoint.validate(parsed.params, { ...parsed, caller });
    if (params.webhookUrl !== undefined) await assertWebhookUrl(params.webhookUrl, "webhookUrl");
    await assertEarlyTarget(params.url, { workspaceId: caller.userId, proxy: params.proxy });
    const planPages = PLANS[caller.plan].crawlPages;
    if (given.has("limit") && params.limit > planPages) {
      const needed = PLAN_IDS.find((id) => PLANS[id].crawlPages >= params.limit);
      throw new ApiError(
        "plan_upgrade_required",
        `The ${PLANS[caller.plan].name} plan crawls at most ${planPages.toLocaleString("en-US")} pages per crawl${needed ? `; the ${PLANS[needed].name} plan allows ${params.limit.toLocaleString("en-US")}` : ""}.`,
        { param: "limit" },
      );
    }
    const limitSource = params.limit <= planPages ? "request" : "plan";
    return { page, pageLimit: Math.min(params.limit, planPages), limitSource };
  },
  targetHost: (params) => new URL(params.url).host,
} as const satisfies EndpointSpec<typeof crawlParams, CrawlStart>;

/** GET /v1/crawl/{id}: a page of results after `cursor`. */
export const crawlResultsEndpoint = {
  id: "crawl",
  params: crawlResultsParams,
  extras: "reject",
  keyEndpoint: "content",
  validate: () => undefined,
} as const satisfies EndpointSpec<typeof crawlResultsParams, undefined>;

/** DELETE /v1/crawl/{id} and GET /v1/crawl/{id}/pages.jsonl: no parameters. */
export const crawlByIdEndpoint = { ...noParamsEndpoint("crawl"), keyEndpoint: "content" as const };
