/**
 * Answers for /v1 requests no endpoint handles, so even those are problem+json (D1).
 */
import { ApiError, problemResponse } from "@/lib/api/errors";
import { keylessRoute } from "@/lib/api/keyless";
import { requestIdFor } from "@/lib/api/request";

export const notFound = keylessRoute((request: Request): Response => {
  const id = requestIdFor(request);
  const path = new URL(request.url).pathname;
  return problemResponse(new ApiError("not_found", `No API endpoint at ${path}.`), id, { "X-Request-Id": id });
});

/** Exported as POST/PUT/PATCH/DELETE by the GET-only API routes. */
export const methodNotAllowed = keylessRoute((request: Request): Response => {
  const id = requestIdFor(request);
  return problemResponse(new ApiError("method_not_allowed", `${request.method} is not supported; use GET.`), id, {
    Allow: "GET, HEAD",
    "X-Request-Id": id,
  });
});
