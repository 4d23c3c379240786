/** GET /v1/sessions/{id}/network: a recorded session's the session's network log (HAR-like JSON), D39. Logic: lib/sessions/recording-endpoint.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { sessionsEndpoint } from "@/lib/sessions/endpoint";
import { handleSessionNetwork } from "@/lib/sessions/recording-endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(sessionsEndpoint, handleSessionNetwork);

const ALLOW = "GET, HEAD, OPTIONS";
export const POST = methodNotAllowedFor(ALLOW);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const OPTIONS = allowedMethodsFor(ALLOW);
