/** POST /v1/crawl: start crawling a site, answered 202 with the crawl's id and status URL (D32). Logic: lib/crawl. */
import { apiRoute } from "@/lib/api/pipeline";
import { createCrawlEndpoint } from "@/lib/crawl/endpoint";
import { handleCreateCrawl } from "@/lib/crawl/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(createCrawlEndpoint, handleCreateCrawl);

export { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } from "@/lib/api/post-only";
