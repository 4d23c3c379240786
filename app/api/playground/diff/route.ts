/**
 * The docs playground's /v1/diff for signed-in users (D13, D27): the same pipeline, schema and
 * handler as GET /v1/diff, authenticated by the session cookie (same-origin only), so its captures
 * count against the user's own account.
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { diffEndpoint } from "@/lib/diff/endpoint";
import { handleDiff } from "@/lib/diff/handler";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export const GET = apiRoute(diffEndpoint, handleDiff, { authenticate: authenticateSession });
