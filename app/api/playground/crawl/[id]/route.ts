/**
 * The docs playground's view of a crawl it started (D13, D32): GET reads its pages a page at a
 * time and DELETE cancels it, as GET and DELETE /v1/crawl/{id} do, through the session cookie.
 * Another workspace's crawl is 404 crawl_not_found, as on the API.
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { crawlByIdEndpoint, crawlResultsEndpoint } from "@/lib/crawl/endpoint";
import { handleCancelCrawl, handleGetCrawl } from "@/lib/crawl/handlers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(crawlResultsEndpoint, handleGetCrawl, { authenticate: authenticateSession });
export const DELETE = apiRoute(crawlByIdEndpoint, handleCancelCrawl, { authenticate: authenticateSession });
