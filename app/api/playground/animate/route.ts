/**
 * The docs playground's recording endpoint for signed-in users (D13, D26): the same pipeline,
 * schema and handler as GET /v1/animate, authenticated by the session cookie (same-origin only).
 */
import { apiRoute } from "@/lib/api/pipeline";
import { authenticateSession } from "@/lib/api/session-caller";
import { animateEndpoint } from "@/lib/animate/endpoint";
import { handleAnimate } from "@/lib/animate/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(animateEndpoint, handleAnimate, { authenticate: authenticateSession });
