/**
 * The docs playground's screenshot endpoint for signed-in users (D13): the same pipeline, schema
 * and handler as GET /v1/screenshot, authenticated by the session cookie (same-origin only)
 * instead of an API key, so the render counts against the user's own account.
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { handleScreenshot } from "@/lib/screenshot/handler";
import { screenshotEndpoint } from "@/lib/screenshot/endpoint";

export const dynamic = "force-dynamic";
// Every other method: a problem+json 405 with Allow (D1), not Next's empty one.
export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only";

export const GET = apiRoute(screenshotEndpoint, handleScreenshot, { authenticate: authenticateSession });
