import { methodNotAllowedFor } from "@/lib/api/fallback";
import { authGet } from "@/lib/auth/route";

/** Sign-in posts go to server actions, never here: every method but GET is a problem+json 405 (D1). */
const authMethodNotAllowed = methodNotAllowedFor("GET, HEAD, OPTIONS");

export const dynamic = "force-dynamic";
export const GET = authGet;
export const POST = authMethodNotAllowed;
export const PUT = authMethodNotAllowed;
export const PATCH = authMethodNotAllowed;
export const DELETE = authMethodNotAllowed;
