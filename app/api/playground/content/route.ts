/**
 * The docs playground's content endpoint for signed-in users (D13, D24): the same pipeline, schema
 * and handler as GET /v1/content, authenticated by the session cookie (same-origin only) instead
 * of an API key, so the render counts against the user's own account.
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { contentEndpoint } from "@/lib/content/endpoint";
import { handleContent } from "@/lib/content/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(contentEndpoint, handleContent, { authenticate: authenticateSession });
