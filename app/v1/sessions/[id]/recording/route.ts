/** GET /v1/sessions/{id}/recording: a recorded session's the session's video (video/mp4), D39. Logic: lib/sessions/recording-endpoint.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { sessionsEndpoint } from "@/lib/sessions/endpoint";
import { handleSessionRecording } from "@/lib/sessions/recording-endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(sessionsEndpoint, handleSessionRecording);

const ALLOW = "GET, HEAD, OPTIONS";
export const POST = methodNotAllowedFor(ALLOW);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const OPTIONS = allowedMethodsFor(ALLOW);
