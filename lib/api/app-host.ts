/**
 * Whether a request was addressed to the server's public address, APP_URL (D14, #51). Cookies,
 * the sign-in form's origin check and the MCP resource's OAuth identity all belong to that one
 * address, so pages on another host name of the same server (127.0.0.1 for localhost, a
 * container's address) are sent there, and OAuth discovery there says which URL to use. API calls
 * with a key work on any host name: load balancers and containers call by address.
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
