/** GET and DELETE /v1/sessions/{id}, D39. Logic: lib/sessions/endpoint.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { handleDeleteSession, handleGetSession, sessionsEndpoint } from "@/lib/sessions/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(sessionsEndpoint, handleGetSession);
export const DELETE = apiRoute(sessionsEndpoint, handleDeleteSession);

const ALLOW = "GET, HEAD, DELETE, OPTIONS";
export const POST = methodNotAllowedFor(ALLOW);
export const PUT = POST;
export const PATCH = POST;
export const OPTIONS = allowedMethodsFor(ALLOW);
