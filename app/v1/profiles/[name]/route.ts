/** GET and DELETE /v1/profiles/{name}, D43. Logic: lib/sessions/profile-endpoint.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { handleDeleteProfile, handleGetProfile, profilesEndpoint } from "@/lib/sessions/profile-endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(profilesEndpoint, handleGetProfile);
export const DELETE = apiRoute(profilesEndpoint, handleDeleteProfile);

const ALLOW = "GET, HEAD, DELETE, OPTIONS";
export const POST = methodNotAllowedFor(ALLOW);
export const PUT = POST;
export const PATCH = POST;
export const OPTIONS = allowedMethodsFor(ALLOW);
