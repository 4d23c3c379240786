/** GET /v1/crawl/{id}/pages.jsonl: every ended page of a crawl, one JSON object per line (D32). Logic: lib/crawl/handlers.ts. */
import { apiRoute } from "@/lib/api/pipeline";
import { crawlByIdEndpoint } from "@/lib/crawl/endpoint";
import { handleCrawlPagesJsonl } from "@/lib/crawl/handlers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(crawlByIdEndpoint, handleCrawlPagesJsonl);

export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";
