/**
 * Next's request proxy (formerly middleware): gives every response that no route handler labels
 * itself an X-Request-Id (D14) — pages, sign-in, next-auth, example images, static files, Next's
 * own 404s. The id is also put on the request, so a page or route that logs sees the same one.
 *
 * It also hands pages the path and query they were asked for (PAGE_PATH_HEADER), so the dashboard
 * layout can send a signed-out visitor to sign in with an HTTP redirect that brings them back.
 *
 * /v1, /healthz and /readyz set their own id in the handler (the API pipeline logs it) and are
 * left out of the matcher, so the API's hot path (a cache HIT) does not pay for a proxy pass;
 * so is /metrics, a scrape's (D40), which is no page.
 * Paths are case-sensitive; a /v1 path in another case (`/V1/SCREENSHOT`) reaches here and gets
 * the API's problem+json 404, not the site's HTML page (D17).
 *
 * Every page also gets the site's security headers (withPageSecurity, lib/edge/security-headers.ts):
 * a nonce-based Content-Security-Policy, which Next reads from the request to put the nonce on its
 * scripts, no framing, Referrer-Policy, Permissions-Policy and nosniff.
 */
import { NextResponse, type NextRequest } from "next/server";
import { notFound } from "@/lib/api/fallback";
import { requestIdFor } from "@/lib/api/request";
import { PAGE_PATH_HEADER } from "@/lib/auth/page-path";
import { pageSecurity } from "@/lib/edge/security-headers";
import { env } from "@/lib/env";

const API_IN_ANOTHER_CASE = /^\/v1(?:\/|$)/i;

export function proxy(request: NextRequest): NextResponse | Promise<Response> {
  if (API_IN_ANOTHER_CASE.test(request.nextUrl.pathname)) return notFound(request);
  const requestId = requestIdFor(request);
  const headers = new Headers(request.headers);
  headers.set("x-request-id", requestId);
  // Set, never passed through: a client cannot choose what the layout reads.
  headers.set(PAGE_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return withPageSecurity(request, headers, (requestHeaders) => {
    const response = NextResponse.next({ request: { headers: requestHeaders } });
    response.headers.set("X-Request-Id", requestId);
    return response;
  });
}

/** The page's security headers (issue 43): its CSP on the request Next renders and on the answer, with the rest. */
function withPageSecurity(
  request: NextRequest,
  headers: Headers,
  next: (requestHeaders: Headers) => NextResponse,
): NextResponse {
  const security = pageSecurity(request.nextUrl.pathname, {
    appOrigin: new URL(env().APP_URL).origin,
    development: env().NODE_ENV === "development",
  });
  for (const [name, value] of Object.entries(security.requestHeaders)) headers.set(name, value);
  const response = next(headers);
  for (const [name, value] of Object.entries(security.responseHeaders)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ["/((?!v1(?:/|$)|healthz$|readyz$|metrics$).*)"],
};
