/**
 * The docs playground's map for signed-in users (D13, D32): the same pipeline, schema and handler
 * as GET /v1/map, authenticated by the session cookie (same-origin only) instead of an API key.
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { mapEndpoint } from "@/lib/map/endpoint";
import { handleMap } from "@/lib/map/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(mapEndpoint, handleMap, { authenticate: authenticateSession });
