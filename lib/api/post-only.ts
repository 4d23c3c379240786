/**
 * The methods every POST-only /v1 route answers besides POST: a problem+json 405 (D1) naming POST
 * for the others (HEAD included, so Next does not derive it from a GET), 204 with Allow for OPTIONS.
 * A route takes them all with `export { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } from "@/lib/api/post-only"`.
 */
import { allowedMethodsFor, methodNotAllowedFor } from "@/lib/api/fallback";

const ALLOW = "POST, OPTIONS";
const notAllowed = methodNotAllowedFor(ALLOW);

export const GET = notAllowed;
export const HEAD = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = allowedMethodsFor(ALLOW);
