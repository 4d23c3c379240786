/** /v1/crawl in the OpenAPI document (D32, D31), declared beside the endpoint and built from its schemas. */
import { z } from "zod";
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { jsonBodySchema, queryParameters, pathIdParameter } from "@/lib/api/openapi/params";
import {
  errorResponses,
  jsonRequestBody,
  KEY_ERRORS,
  keyedJson,
  PAGE_REQUEST_ERRORS,
  RATE_HEADERS,
} from "@/lib/api/openapi/responses";
import type { EndpointDoc, Parameter } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { CRAWL_BODY_MAX_BYTES, crawlParams, crawlResultsParams } from "./params";

const START_ERRORS: readonly ErrorCode[] = [
  ...PAGE_REQUEST_ERRORS,
  "plan_upgrade_required",
  "endpoint_not_allowed",
  "crawl_limit_reached",
  "rate_limited",
  "internal_error",
];
const READ_ERRORS: readonly ErrorCode[] = [
  ...KEY_ERRORS,
  "unknown_parameter",
  "invalid_parameter",
  "parameter_out_of_range",
  "endpoint_not_allowed",
  "crawl_not_found",
  "rate_limited",
  "internal_error",
];

const pageSchema = z.object({
  url: z.string(),
  depth: z.int().describe("Links followed from the start page to reach it (sitemap pages: 1)."),
  status: z.enum(["completed", "failed"]),
  title: z.string().nullable(),
  finalUrl: z.string().optional(),
  targetStatus: z.int().nullable().optional(),
  markdown: z.string().optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  links: z.array(z.object({ url: z.string(), text: z.string(), internal: z.boolean() })).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  screenshot: z.record(z.string(), z.unknown()).optional(),
  error: z.record(z.string(), z.unknown()).optional().describe("The problem+json its render answered (not charged)."),
});

const crawlSchema = z.object({
  id: z.string(),
  url: z.string(),
  status: z.enum(["running", "completed", "cancelled", "failed"]),
  stopReason: z
    .enum(["limit", "plan_page_limit", "quota_exceeded", "key_render_cap_reached", "cancelled", "api_key_revoked"])
    .optional()
    .describe("Why it ended before every page in scope was rendered."),
  total: z.int().describe("Pages found in scope and accepted (at most pageLimit)."),
  completed: z.int(),
  failed: z.int(),
  pageLimit: z.int(),
  statusUrl: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

const crawlResultsSchema = crawlSchema.extend({
  pages: z.array(pageSchema).describe("Ended pages, in the order they ended."),
  cursor: z
    .string()
    .describe(
      "Where these results end: read again with this `cursor` for only the pages that end after them (a running crawl's later pages always come after it).",
    ),
  next: z.string().optional().describe("The URL of the next page of results, while there are more now."),
});

/** GET /v1/crawl/{id}'s answer, as the tests read it. */
export type CrawlResults = z.output<typeof crawlResultsSchema>;

const idParameter: Parameter = pathIdParameter("The crawl's id.", "^crawl_[a-z0-9]{24}$");

export function crawlDoc(appUrl: string): EndpointDoc {
  const tags = ["Sites"];
  const externalDocs = { url: `${appUrl}/docs/crawl` };
  return {
    tags: [{ name: "Sites", description: "Whole sites: their URLs (map) and their pages as data (crawl)." }],
    schemas: {
      Crawl: zodSchema(crawlSchema),
      CrawlResults: zodSchema(crawlResultsSchema),
      CrawlPage: zodSchema(pageSchema.extend({ crawlId: z.string() })),
    },
    paths: {
      "/v1/crawl": {
        post: {
          operationId: "startCrawl",
          tags,
          externalDocs,
          summary: "Crawl a site: every page in scope rendered as /v1/content renders it",
          description:
            "Answers 202 with the crawl's id and status URL. Pages come from the sitemaps and the links of each rendered page, kept to the site, the patterns and robots.txt; each page is one render against the month's quota (a failed page is not charged), and the crawl stops at its page limit or the quota, saying so.",
          requestBody: jsonRequestBody(jsonBodySchema(crawlParams, CRAWL_BODY_MAX_BYTES)),
          responses: {
            "202": {
              description: "Accepted: the crawl runs in the background.",
              headers: RATE_HEADERS,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["id", "status", "statusUrl"],
                    properties: { id: { type: "string" }, status: { type: "string" }, statusUrl: { type: "string" } },
                  },
                },
              },
            },
            ...errorResponses(START_ERRORS),
          },
        },
      },
      "/v1/crawl/{id}": {
        get: {
          operationId: "getCrawl",
          tags,
          externalDocs,
          summary: "A crawl's state and a page of its results",
          parameters: [idParameter, ...queryParameters(crawlResultsParams)],
          responses: {
            "200": keyedJson("The crawl and its ended pages after cursor.", "CrawlResults"),
            ...errorResponses(READ_ERRORS),
          },
        },
        delete: {
          operationId: "cancelCrawl",
          tags,
          summary: "Cancel a crawl: pages not yet rendered are skipped, never charged",
          parameters: [idParameter],
          responses: { "200": keyedJson("The crawl, cancelled.", "Crawl"), ...errorResponses(READ_ERRORS) },
        },
      },
      "/v1/crawl/{id}/pages.jsonl": {
        get: {
          operationId: "getCrawlPages",
          tags,
          summary: "Every ended page of a crawl, one JSON object per line",
          parameters: [idParameter],
          responses: {
            "200": {
              description: "JSON lines, one page each (the objects of `pages`).",
              headers: RATE_HEADERS,
              content: { "application/x-ndjson": { schema: { type: "string" } } },
            },
            ...errorResponses(READ_ERRORS),
          },
        },
      },
    },
  };
}
