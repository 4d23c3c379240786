/** GET /v1/crawl/{id} (state and a page of results) and DELETE (cancel), D32. Logic: lib/crawl/handlers.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { crawlByIdEndpoint, crawlResultsEndpoint } from "@/lib/crawl/endpoint";
import { handleCancelCrawl, handleGetCrawl } from "@/lib/crawl/handlers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(crawlResultsEndpoint, handleGetCrawl);
export const DELETE = apiRoute(crawlByIdEndpoint, handleCancelCrawl);

const ALLOW = "GET, HEAD, DELETE, OPTIONS";
export const POST = methodNotAllowedFor(ALLOW);
export const PUT = POST;
export const PATCH = POST;
export const OPTIONS = allowedMethodsFor(ALLOW);
