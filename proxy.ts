/**
 * Next's request proxy (formerly middleware): gives every response that no route handler labels
 * itself an X-Request-Id (D14) — pages, sign-in, next-auth, example images, static files, Next's
 * own 404s. The id is also put on the request, so a page or route that logs sees the same one.
 *
 * /v1, /healthz and /readyz set their own id in the handler (the API pipeline logs it) and are
 * left out of the matcher, so the API's hot path (a cache HIT) does not pay for a proxy pass.
 */
import { NextResponse, type NextRequest } from "next/server";
import { requestIdFor } from "@/lib/api/request";

export function proxy(request: NextRequest): NextResponse {
  const requestId = requestIdFor(request);
  const headers = new Headers(request.headers);
  headers.set("x-request-id", requestId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("X-Request-Id", requestId);
  return response;
}

export const config = {
  matcher: ["/((?!v1(?:/|$)|healthz$|readyz$).*)"],
};
