/** GET /v1/map in the OpenAPI document (D32, D31), declared beside the endpoint and built from its schema. */
import { z } from "zod";
import type { ErrorCode } from "@/lib/vocabulary/errors";
import { queryParameters } from "@/lib/api/openapi/params";
import { errorResponses, keyedJson, PAGE_REQUEST_ERRORS } from "@/lib/api/openapi/responses";
import type { EndpointDoc } from "@/lib/api/openapi/types";
import { zodSchema } from "@/lib/api/openapi/zod";
import { mapParams } from "./params";

const MAP_ERRORS: readonly ErrorCode[] = [
  ...PAGE_REQUEST_ERRORS,
  "endpoint_not_allowed",
  "rate_limited",
  "internal_error",
];

/** The body of a 200: published as JSON Schema, typed for the SDKs. */
const mapResponseSchema = z.object({
  urls: z
    .array(z.string())
    .describe(
      "The site's URLs, normalised (fragments dropped) and deduplicated: the start URL first, then its sitemaps' URLs, then links found level by level.",
    ),
});

export function mapDoc(appUrl: string): EndpointDoc {
  const tag = "Sites";
  return {
    tags: [{ name: tag, description: "Whole sites: their URLs (map) and their pages as data (crawl)." }],
    schemas: { SiteMap: zodSchema(mapResponseSchema) },
    paths: {
      "/v1/map": {
        get: {
          operationId: "mapSite",
          tags: [tag],
          summary: "A site's URLs from its sitemaps and links, without rendering",
          description:
            "Reads robots.txt (its `Sitemap:` lines, and its rules for the GlanceBot token), /sitemap.xml, sitemap indexes and gzipped sitemaps, then follows links by plain HTTP fetches of HTML up to `depth`. " +
            "Every fetch — and every redirect — goes to public addresses only. Renders nothing: counts against the rate limit, never the render quota.",
          externalDocs: { url: `${appUrl}/docs/crawl#map` },
          parameters: queryParameters(mapParams),
          responses: { "200": keyedJson("The site's URLs.", "SiteMap"), ...errorResponses(MAP_ERRORS) },
        },
      },
    },
  };
}
