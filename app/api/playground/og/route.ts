/**
 * The docs playground's OG endpoint for signed-in users (D13): GET /v1/og's pipeline, schema and
 * handler, authenticated by the session cookie (same-origin only) instead of an API key.
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { handleOg } from "@/lib/og/handler";
import { ogEndpoint } from "@/lib/og/endpoint";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export const GET = apiRoute(ogEndpoint, handleOg, { authenticate: authenticateSession });
