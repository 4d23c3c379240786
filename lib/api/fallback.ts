/**
 * Answers for /v1 requests no endpoint handles, so even those are problem+json (D1).
 */
import { ApiError, problemResponse } from "@/lib/api/errors";
import { requestIdFor } from "@/lib/api/request";

export function notFound(request: Request): Response {
  const id = requestIdFor(request);
  const path = new URL(request.url).pathname;
  return problemResponse(new ApiError("not_found", `No API endpoint at ${path}.`), id, { "X-Request-Id": id });
}

/** Exported as POST/PUT/PATCH/DELETE by the GET-only API routes. */
export function methodNotAllowed(request: Request): Response {
  const id = requestIdFor(request);
  return problemResponse(new ApiError("method_not_allowed", `${request.method} is not supported; use GET.`), id, {
    Allow: "GET, HEAD",
    "X-Request-Id": id,
  });
}
