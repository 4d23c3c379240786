/**
 * The methods every GET-only /v1 route answers besides GET (and HEAD, which Next derives from
 * GET): a problem+json 405 (D1) for the ones that change things, 204 with Allow for OPTIONS.
 * A route takes them all with `export { DELETE, OPTIONS, PATCH, POST, PUT } from "@/lib/api/get-only"`.
 */
import { allowedMethods, methodNotAllowed } from "@/lib/api/fallback";

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
export const OPTIONS = allowedMethods;
