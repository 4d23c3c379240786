/**
 * The site tools (D25, D32): `map_site` (GET /v1/map), `crawl_site` (POST /v1/crawl) and
 * `get_crawl` (GET /v1/crawl/{id}, a page of results at a time), through the endpoints' own specs
 * and handlers (lib/mcp/call.ts), their input schemas from the endpoints' schemas.
 */
import "server-only";
import { createCrawlEndpoint, crawlResultsEndpoint } from "@/lib/crawl/endpoint";
import { handleCreateCrawl, handleGetCrawl } from "@/lib/crawl/handlers";
import { crawlParams } from "@/lib/crawl/params";
import { mapEndpoint } from "@/lib/map/endpoint";
import { handleMap } from "@/lib/map/handler";
import { mapParams } from "@/lib/map/params";
import { callEndpoint, jsonText, ToolFailure } from "../call";
import { toolInputSchema } from "../schema";
import type { McpTool } from "./types";

const CRAWL_ID = "^crawl_[a-z0-9]{24}$";

/** Tool arguments as a query: lists comma-separated, as the endpoint's query form takes them. */
function queryOf(args: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    query.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return query;
}

export const mapSiteTool: McpTool = {
  name: "map_site",
  title: "List a site's URLs",
  description:
    "A site's URLs without rendering anything: its sitemaps (robots.txt Sitemap lines, /sitemap.xml, indexes, gzip) and links found by plain HTTP fetches up to depth, kept to the site's host (subdomains to widen), include/exclude path patterns and robots.txt. Free: costs no render. Use it to choose pages before page_markdown or crawl_site.",
  inputSchema: toolInputSchema(mapParams),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  async run(args, ctx) {
    return { content: [jsonText(await callEndpoint(mapEndpoint, handleMap, ctx, { query: queryOf(args) }))] };
  },
};

export const crawlSiteTool: McpTool = {
  name: "crawl_site",
  title: "Crawl a site in the background",
  description:
    "Start rendering a whole site as page_markdown renders one page — every page in scope (the site's host, depth, limit, include/exclude, robots.txt), Markdown by default (formats for more) — and return at once with the crawl's id. Then call get_crawl with the id for its progress and its pages, a page of results at a time. Each page rendered costs one render of the monthly quota; failed pages are free; the crawl stops at limit, the plan's pages per crawl or the quota.",
  inputSchema: toolInputSchema(crawlParams),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    const answer = await callEndpoint(createCrawlEndpoint, handleCreateCrawl, ctx, { body: args });
    return {
      content: [jsonText(answer), { type: "text", text: `Call get_crawl with id ${String(answer.id)} for its pages.` }],
    };
  },
};

export const getCrawlTool: McpTool = {
  name: "get_crawl",
  title: "Read a crawl's progress and pages",
  description:
    "A crawl crawl_site started: status (running, completed, cancelled), stopReason, counts, and its ended pages (url, depth, status, title, markdown and the other formats asked for, or error), `size` at a time. Pass the cursor from the answer's next link for the following pages. Only this account's crawls; free.",
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "string", pattern: CRAWL_ID, description: "The crawl's id, as crawl_site returned it." },
      cursor: { type: "string", description: "The cursor of the previous answer's next link." },
      size: { type: "integer", minimum: 1, maximum: 500, description: "Pages per answer (default 100)." },
    },
    required: ["id"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { id, ...rest } = args;
    if (typeof id !== "string" || !new RegExp(CRAWL_ID).test(id))
      throw new ToolFailure({
        status: 400,
        code: "invalid_parameter",
        detail: "id must be a crawl id (crawl_…).",
        param: "id",
      });
    const answer = await callEndpoint(crawlResultsEndpoint, handleGetCrawl, ctx, {
      path: `/v1/crawl/${id}`,
      query: queryOf(rest),
    });
    return { content: [jsonText(answer)] };
  },
};
