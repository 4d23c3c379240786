/**
 * The OpenAPI 3.1 document served at /v1/openapi.json, put together from what each endpoint
 * declares beside it (`lib/<feature>/openapi.ts`, D31): its paths, component schemas, tags and
 * webhooks. Parameters come from the endpoint schemas, formats from lib/formats.ts, errors from
 * ERROR_CODES, plan notes from PLANS: editing any of those updates this document.
 */
import { animateDoc } from "@/lib/animate/openapi";
import { headers, PROBLEM_SCHEMA } from "@/lib/api/openapi/responses";
import type { Document, EndpointDoc, Tag } from "@/lib/api/openapi/types";
import { contentDoc } from "@/lib/content/openapi";
import { crawlDoc } from "@/lib/crawl/openapi";
import { diffDoc } from "@/lib/diff/openapi";
import type { EndpointId } from "@/lib/endpoints";
import { jobsDoc } from "@/lib/jobs/openapi";
import { mapDoc } from "@/lib/map/openapi";
import { monitorsDoc } from "@/lib/monitors/openapi";
import { ogDoc } from "@/lib/og/openapi";
import { PLANS } from "@/lib/plans";
import { filesDoc } from "@/lib/results/openapi";
import { screenshotDoc } from "@/lib/screenshot/openapi";
import { sessionsAndProfilesDoc } from "@/lib/sessions/profiles-openapi";
import { connectorsDoc } from "@/lib/connectors/openapi";
import { usageDoc } from "@/lib/usage/endpoint/openapi";

/** Every endpoint of the pipeline (lib/endpoints.ts) has its part: one missing fails to compile. */
const ENDPOINT_DOCS: Record<EndpointId, (appUrl: string) => EndpointDoc> = {
  screenshot: screenshotDoc,
  og: ogDoc,
  content: contentDoc,
  animate: animateDoc,
  jobs: jobsDoc,
  diff: diffDoc,
  monitors: monitorsDoc,
  usage: usageDoc,
  map: mapDoc,
  crawl: crawlDoc,
  sessions: sessionsAndProfilesDoc,
  connectors: connectorsDoc,
};

/** The endpoints that need no key and are not in the pipeline's list: the stored files. */
const KEYLESS_DOCS: ReadonlyArray<(appUrl: string) => EndpointDoc> = [filesDoc];

const planList = Object.values(PLANS)
  .map(
    (p) =>
      `${p.name} ($${p.priceUsdPerMonth}/month): ${p.requestsPerMinute} requests/minute, ${p.rendersPerMonth.toLocaleString("en-US")} renders/month, ${p.cacheTtlDays}-day cache`,
  )
  .join("; ");

export function buildOpenApiDocument(appUrl: string): Document {
  const parts = [...Object.values(ENDPOINT_DOCS), ...KEYLESS_DOCS].map((doc) => doc(appUrl));
  const tags = new Map<string, Tag>();
  for (const part of parts) for (const tag of part.tags) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  return {
    openapi: "3.1.0",
    info: {
      title: "Glance API",
      version: "1.0.0",
      summary: "Screenshots, PDFs and Open Graph images with one GET request.",
      description:
        "Every request carries an API key (X-API-Key header, preferred, or api_key query parameter); in public HTML, a GET of " +
        "/v1/og or /v1/screenshot is a signed URL instead (key_id, optional expires, signature: see the Signed URLs guide). Results are " +
        `cached per account for the plan's TTL; cache hits do not count against the monthly renders. Plans: ${planList}. ` +
        "Every error is application/problem+json (RFC 9457) whose `type` links to its entry in the errors guide. " +
        "The same endpoints are tools for AI agents at /mcp (Model Context Protocol, Streamable HTTP; Authorization: Bearer sk_live_…): see the AI agents (MCP) guide.",
    },
    servers: [{ url: appUrl }],
    externalDocs: { description: "Guides and a live playground", url: `${appUrl}/docs` },
    security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
    tags: [...tags.values()],
    paths: Object.assign({}, ...parts.map((part) => part.paths)),
    webhooks: Object.assign({}, ...parts.map((part) => part.webhooks ?? {})),
    components: {
      securitySchemes: {
        ApiKeyHeader: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "Preferred: keeps the key out of logs and history.",
        },
        ApiKeyQuery: {
          type: "apiKey",
          in: "query",
          name: "api_key",
          description:
            "For server-side clients that cannot set headers. Never in public HTML: use a signed URL (key_id, expires, signature) there.",
        },
        SignedUrl: {
          type: "apiKey",
          in: "query",
          name: "signature",
          description: `A signed URL (GET and HEAD of /v1/og and /v1/screenshot): key_id (the key's public id), optional expires (unix seconds) and signature, the hex HMAC-SHA256 of the canonical query under the key's signing secret. Carries no API key; safe in public HTML. Guide: ${appUrl}/docs/signed-urls`,
        },
      },
      schemas: Object.assign({ Problem: PROBLEM_SCHEMA }, ...parts.map((part) => part.schemas ?? {})),
      headers: headers(),
    },
  };
}
