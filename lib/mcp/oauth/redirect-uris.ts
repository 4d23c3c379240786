/**
 * Which redirect URIs a client may register (D25), and how the consent page names where the
 * browser goes. Allowed, and nothing else:
 *
 * - `https:` on any host;
 * - `http:` on loopback only — `127.0.0.1`, `[::1]` or `localhost` — the native app's own
 *   listener (RFC 8252 §7.3, OAuth 2.1 §8.4.2; the MCP authorization spec's "localhost or HTTPS");
 * - a native app's private-use scheme (RFC 8252 §7.1): one in reverse-domain form
 *   (`com.example.app:/callback`), or one of the few MCP clients that register a plain scheme
 *   (`cursor://anysphere.cursor-mcp/oauth/callback`). The browser hands such a URI to the app
 *   that claims the scheme; it never loads a page from it.
 *
 * Never userinfo (`https://glance.dev@evil.example/` reads as our host), a fragment (RFC 6749
 * §3.1.2), or any other scheme — `javascript:`, `data:`, `view-source:`, `file:`, `blob:` and the
 * like are what a browser runs or shows itself.
 */
import "server-only";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Plain private-use schemes of MCP clients in use that are not in reverse-domain form. */
const KNOWN_APP_SCHEMES = new Set(["cursor", "vscode", "vscode-insiders"]);
/** RFC 8252 §7.1: a domain name the app's publisher controls, reversed — two labels at least. */
const REVERSE_DOMAIN = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;
const MAX_LENGTH = 2000;

const isLoopbackHttp = (url: URL) => url.protocol === "http:" && LOOPBACK.has(url.hostname);

function isPrivateUseScheme(scheme: string): boolean {
  return KNOWN_APP_SCHEMES.has(scheme) || (REVERSE_DOMAIN.test(scheme) && !scheme.startsWith("http"));
}

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH)
    return `each redirect_uri must be a URL of at most ${MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value.slice(0, 100)} is not a URL`;
  }
  // Any "@" before the path is userinfo, even an empty one the parser drops ("https://@host").
  if (url.username || url.password || /^[^:]+:\/\/[^/?#]*@/.test(value)) return "a redirect_uri has no user:password@";
  if (url.hash || value.includes("#")) return "a redirect_uri has no fragment";
  const scheme = url.protocol.slice(0, -1);
  if (scheme === "https" || isLoopbackHttp(url)) return null;
  if (scheme === "http") return "http redirect URIs must be on loopback (127.0.0.1, [::1], localhost); use https";
  if (isPrivateUseScheme(scheme)) return null;
  return `${scheme}: redirect URIs are not allowed: use https, http on loopback, or an app's own scheme in reverse-domain form (com.example.app:/callback)`;
}

/** Where the browser goes after the user's answer, in words for the consent page. */
export function redirectDestination(redirectUri: string): { where: string; note: string } {
  const url = new URL(redirectUri);
  if (url.protocol === "https:") return { where: url.host, note: "a website" };
  if (isLoopbackHttp(url)) return { where: url.host, note: "an application on this computer" };
  return {
    where: url.host ? `${url.protocol}//${url.host}` : url.protocol,
    note: `the application that opens ${url.protocol} links`,
  };
}
