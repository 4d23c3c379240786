/**
 * Whether a request was addressed to the server's public address, APP_URL (D14, #51). Cookies,
 * the sign-in form's origin check and the MCP resource's OAuth identity all belong to that one
 * address, so pages on another host name of the same server (127.0.0.1 for localhost, a
 * container's address) are sent there (pageOnAppHost, called by the production server in front
 * of Next: a redirect from proxy.ts would have its Location made relative by Next whenever APP_URL
 * names the server's own host, and loop), and OAuth discovery there says which URL to use. API
 * calls with a key work on any host name: load balancers and containers call by address.
 *
 * The host is the one the client asked for: X-Forwarded-Host when a proxy in front set it, else
 * Host. A proxy that rewrites Host must pass the original on (HAProxy and most keep it; nginx
 * needs `proxy_set_header Host $host`), or every page would be sent to APP_URL again.
 */
import { env } from "@/lib/env";

function requestedHost(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return (forwarded || headers.get("host"))?.toLowerCase() ?? null;
}

function appOriginUrl(): URL {
  return new URL(env().APP_URL);
}

/** True when the request names APP_URL's host (and port), or names no host at all. */
export function isAppHost(headers: Headers): boolean {
  const host = requestedHost(headers);
  return host === null || host === appOriginUrl().host;
}

/** The same path and query on APP_URL. */
export function onAppHost(pathAndQuery: string): string {
  return new URL(pathAndQuery, appOriginUrl()).toString();
}

/**
 * What answers on any host name: the API (any case, D17), health checks, each instance's metrics
 * (a scrape asks every instance by its own address, D40), route handlers called by
 * programs (next-auth's and the playground's APIs, Stripe's webhook, MCP and its OAuth endpoints,
 * which say themselves which URL to use), Next's own files and the benchmark pages Chromium loads
 * by address.
 */
const ANY_HOST =
  /^\/(?:v1(?:[/?]|$)|healthz(?:\?|$)|readyz(?:\?|$)|metrics(?:\?|$)|api\/|_next\/|mcp(?:[/?]|$)|\.well-known\/|oauth\/(?:token|register|decision)(?:[/?]|$)|bench\/)/i;

/** A page read on another host name: where to send it (the same path and query on APP_URL), else undefined. */
export function pageOnAppHost(method: string, pathAndQuery: string, headers: Headers): string | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (!pathAndQuery.startsWith("/") || pathAndQuery.startsWith("//")) return undefined;
  if (ANY_HOST.test(pathAndQuery) || isAppHost(headers)) return undefined;
  return onAppHost(pathAndQuery);
}
