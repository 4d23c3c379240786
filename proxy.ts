/**
 * Next's request proxy (formerly middleware): gives every response that no route handler labels
 * itself an X-Request-Id (D14) — pages, sign-in, next-auth, example images, static files, Next's
 * own 404s. The id is also put on the request, so a page or route that logs sees the same one.
 *
 * It also hands pages the path and query they were asked for (PAGE_PATH_HEADER), so the dashboard
 * layout can send a signed-out visitor to sign in with an HTTP redirect that brings them back.
 *
 * /v1, /healthz and /readyz set their own id in the handler (the API pipeline logs it) and are
 * left out of the matcher, so the API's hot path (a cache HIT) does not pay for a proxy pass.
 * Paths are case-sensitive; a /v1 path in another case (`/V1/SCREENSHOT`) reaches here and gets
 * the API's problem+json 404, not the site's HTML page (D17).
 *
 * A page asked for on another host name of this server is sent to the same path on APP_URL first
 * (pageOnAppHost, #51, D14): sign-in, cookies and OAuth belong to that address.
 */
import { NextResponse, type NextRequest } from "next/server";
import { notFound } from "@/lib/api/fallback";
import { isAppHost, onAppHost } from "@/lib/api/app-host";
import { requestIdFor } from "@/lib/api/request";
import { PAGE_PATH_HEADER } from "@/lib/auth/page-path";

const API_IN_ANOTHER_CASE = /^\/v1(?:\/|$)/i;

/**
 * What answers on any host name: route handlers called by programs (next-auth's and the
 * playground's APIs, Stripe's webhook, MCP and its OAuth endpoints, which say themselves which URL
 * to use), Next's own files and the benchmark pages Chromium loads by address.
 */
const ANY_HOST = /^\/(?:api\/|_next\/|mcp(?:\/|$)|\.well-known\/|oauth\/(?:token|register|decision)(?:\/|$)|bench\/)/;

/** A page read on another host name: a 308 to the same path and query on APP_URL (D14). */
function pageOnAppHost(request: NextRequest): NextResponse | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  if (ANY_HOST.test(request.nextUrl.pathname) || isAppHost(request.headers)) return undefined;
  return NextResponse.redirect(onAppHost(request.nextUrl.pathname + request.nextUrl.search), 308);
}

export function proxy(request: NextRequest): NextResponse | Promise<Response> {
  if (API_IN_ANOTHER_CASE.test(request.nextUrl.pathname)) return notFound(request);
  const elsewhere = pageOnAppHost(request);
  if (elsewhere) return elsewhere;
  const requestId = requestIdFor(request);
  const headers = new Headers(request.headers);
  headers.set("x-request-id", requestId);
  // Set, never passed through: a client cannot choose what the layout reads.
  headers.set(PAGE_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("X-Request-Id", requestId);
  return response;
}

export const config = {
  matcher: ["/((?!v1(?:/|$)|healthz$|readyz$).*)"],
};
