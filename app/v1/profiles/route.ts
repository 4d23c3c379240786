/** GET /v1/profiles: the workspace's saved logins (names, dates, origins), D43. Logic: lib/sessions/profile-endpoint.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { handleListProfiles, profilesEndpoint } from "@/lib/sessions/profile-endpoint";

export const dynamic = "force-dynamic";

export const GET = apiRoute(profilesEndpoint, handleListProfiles);

const ALLOW = "GET, HEAD, OPTIONS";
export const POST = methodNotAllowedFor(ALLOW);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const OPTIONS = allowedMethodsFor(ALLOW);
