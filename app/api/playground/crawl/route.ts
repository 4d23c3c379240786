/**
 * The docs playground's crawl for signed-in users (D13, D32): POST starts a crawl with the same
 * pipeline, schema and handler as POST /v1/crawl, authenticated by the session cookie (same-origin
 * only): its pages count against the signed-in person's current workspace.
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { createCrawlEndpoint } from "@/lib/crawl/endpoint";
import { handleCreateCrawl } from "@/lib/crawl/handlers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(createCrawlEndpoint, handleCreateCrawl, { authenticate: authenticateSession });
