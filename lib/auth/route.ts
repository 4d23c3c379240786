/**
 * The Auth.js HTTP endpoints under /api/auth. Only GET is served: the browser reaches us here when
 * it follows a sign-in link or returns from GitHub (callback/*); starting a sign-in or signing out
 * happens through server actions (lib/auth/actions.ts). Refusing POST keeps Auth.js's own sign-in
 * endpoint, which would bypass the e-mail throttle, out of reach.
 */
import "server-only";
import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { handlers } from "@/lib/auth/config";

/**
 * Re-addresses the request to APP_URL: Auth.js derives every URL it emits from the request URL.
 * A plain Request on purpose: NextRequest rewrites 127.0.0.1 and [::1] hosts to "localhost",
 * which would move the session cookie to another origin than APP_URL's. When AUTH_URL or
 * NEXTAUTH_URL is set (the usual next-auth setup), next-auth re-addresses the request to it
 * once more and reads `nextUrl` for that — the one NextRequest field it uses — so the plain
 * request carries it (without it every /api/auth GET was a TypeError, a 500).
 */
function pinnedToAppUrl(request: NextRequest): NextRequest {
  const incoming = new URL(request.url);
  const pinned = new URL(incoming.pathname + incoming.search, env().APP_URL);
  const plain = new Request(pinned, { method: request.method, headers: request.headers });
  return Object.assign(plain, { nextUrl: { href: pinned.href, origin: pinned.origin } }) as unknown as NextRequest;
}

export async function authGet(request: NextRequest): Promise<Response> {
  const original = await handlers.GET(pinnedToAppUrl(request));
  // A copy: Auth.js answers some errors with Response.redirect(), whose headers are immutable.
  const response = new Response(original.body, original);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
