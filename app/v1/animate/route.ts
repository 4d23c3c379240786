/** GET and POST /v1/animate: a scroll video, a GIF or a recorded interaction (D26). Logic: lib/animate/handler.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { animateEndpoint } from "@/lib/animate/endpoint";
import { handleAnimate } from "@/lib/animate/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(animateEndpoint, handleAnimate);

// HEAD: the same pipeline, headers and status, no body (D15).
export const HEAD = GET;

// POST: the same parameters as a JSON body (D19), steps and html included.
export const POST = GET;

const ALLOW = "GET, HEAD, POST, OPTIONS";
export const PUT = methodNotAllowedFor(ALLOW);
export const PATCH = PUT;
export const DELETE = PUT;
export const OPTIONS = allowedMethodsFor(ALLOW);
