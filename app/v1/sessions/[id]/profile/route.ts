/** POST /v1/sessions/{id}/profile: save a live session's login as a profile, D43. Logic: lib/sessions/profile-endpoint.ts. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { handleSaveProfile } from "@/lib/sessions/profile-endpoint";
import { saveProfileEndpoint } from "@/lib/sessions/profile-schema";

export const dynamic = "force-dynamic";

export const POST = apiRoute(saveProfileEndpoint, handleSaveProfile);

const ALLOW = "POST, OPTIONS";
export const GET = methodNotAllowedFor(ALLOW);
export const HEAD = GET;
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const OPTIONS = allowedMethodsFor(ALLOW);
