/** GET and POST /v1/diff: compare a page with another page or a stored image (D27). Logic: lib/diff. */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";
import { apiRoute } from "@/lib/api/pipeline";
import { diffEndpoint } from "@/lib/diff/endpoint";
import { handleDiff } from "@/lib/diff/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute(diffEndpoint, handleDiff);
export const POST = GET;

const ALLOW = "GET, HEAD, POST, OPTIONS";
export const PUT = methodNotAllowedFor(ALLOW);
export const PATCH = PUT;
export const DELETE = PUT;
export const OPTIONS = allowedMethodsFor(ALLOW);
