/**
 * Answers for /v1 requests no endpoint handles, so even those are problem+json (D1).
 */
import { ApiError, problemResponse } from "@/lib/vocabulary/errors";
import { keylessRoute } from "@/lib/api/keyless";
import { requestIdFor } from "@/lib/api/request";

export const notFound = keylessRoute((request: Request): Response => {
  const id = requestIdFor(request);
  const path = new URL(request.url).pathname;
  // Paths are case-sensitive (D17): name the lower-case one when that is what was meant.
  const lower = path.toLowerCase();
  const hint = lower !== path ? ` API paths are lower-case: ${lower.slice(0, 80)}.` : "";
  return problemResponse(new ApiError("not_found", `No API endpoint at ${path.slice(0, 200)}.${hint}`), id, {
    "X-Request-Id": id,
  });
});

/** What the GET-only API routes take (OPTIONS is answered, without CORS: keys stay server-side). */
const ALLOW = "GET, HEAD, OPTIONS";

/** The 405 of a route's unsupported methods, naming what it does take (`allow`, e.g. "GET, HEAD, POST, OPTIONS"). */
export function methodNotAllowedFor(allow: string) {
  const use = allow
    .split(", ")
    .filter((m) => m !== "HEAD" && m !== "OPTIONS")
    .join(" or ");
  return keylessRoute((request: Request): Response => {
    const id = requestIdFor(request);
    return problemResponse(new ApiError("method_not_allowed", `${request.method} is not supported; use ${use}.`), id, {
      Allow: allow,
      "X-Request-Id": id,
    });
  });
}

/**
 * A route's OPTIONS. Next would otherwise answer it itself, without the X-Request-Id (D14) and
 * RateLimit-* (D4) every /v1 answer carries.
 */
export function allowedMethodsFor(allow: string) {
  return keylessRoute((request: Request): Response => {
    return new Response(null, { status: 204, headers: { Allow: allow, "X-Request-Id": requestIdFor(request) } });
  });
}

/** A route's answers for the methods it does not take, PUT, PATCH and DELETE (405s naming `allow`), and its OPTIONS. */
export function otherMethods(allow: string) {
  const notAllowed = methodNotAllowedFor(allow);
  return { PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed, OPTIONS: allowedMethodsFor(allow) };
}

/** POST/PUT/PATCH/DELETE of the GET-only API routes (lib/api/get-only.ts). */
export const methodNotAllowed = methodNotAllowedFor(ALLOW);

/** OPTIONS of the GET-only API routes (lib/api/get-only.ts). */
export const allowedMethods = allowedMethodsFor(ALLOW);
