/**
 * The syntax of a customer's proxy URL (D41), apart from its address check (./address.ts) so the
 * schema that validates it stays client-safe (the playground imports the schemas). Messages never
 * quote the value: it may hold a password.
 */
type ProxyScheme = "http" | "socks5";

/** A parsed proxy URL. `username`/`password` are secrets: never logged, never in an error message. */
export interface ProxySpec {
  scheme: ProxyScheme;
  /** WHATWG hostname (IPv6 in brackets). */
  host: string;
  port: number;
  username?: string;
  password?: string;
}

const DEFAULT_PORTS: Record<ProxyScheme, number> = { http: 80, socks5: 1080 };

/** SOCKS5's username and password are at most 255 bytes each (RFC 1929). */
const MAX_CREDENTIAL_BYTES = 255;

/**
 * The proxy URL's problem in words that never quote it (it may hold a password), or its parts.
 * `socks5h://` is taken as `socks5://`: through either, the proxy resolves the target's name.
 */
export function parseProxyUrl(raw: string): ProxySpec | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "proxy must be a URL such as http://user:pass@host:port or socks5://user:pass@host:port.";
  }
  const scheme =
    url.protocol === "http:"
      ? "http"
      : url.protocol === "socks5:" || url.protocol === "socks5h:"
        ? "socks5"
        : undefined;
  if (!scheme) return "proxy must use http:// or socks5:// (https:// proxies are not supported).";
  if (!url.hostname) return "proxy must name a host.";
  if ((url.pathname !== "" && url.pathname !== "/") || url.search || url.hash)
    return "proxy must be only scheme, credentials, host and port: no path, query or fragment.";
  const port = url.port === "" ? DEFAULT_PORTS[scheme] : Number(url.port);
  // socks5: is not a special scheme, so its host is opaque (no IPv4 canonical form, case kept):
  // read through http: as every target host is, so the address policy sees one spelling.
  let host: string;
  try {
    host = new URL(`http://${url.hostname}`).hostname;
  } catch {
    return "proxy must name a valid host.";
  }
  let username: string | undefined;
  let password: string | undefined;
  try {
    username = url.username ? decodeURIComponent(url.username) : undefined;
    password = url.password ? decodeURIComponent(url.password) : undefined;
  } catch {
    return "proxy's credentials are not valid percent-encoding.";
  }
  if (password !== undefined && username === undefined) return "proxy names a password without a username.";
  for (const value of [username, password]) {
    if (value === undefined) continue;
    if (new TextEncoder().encode(value).length > MAX_CREDENTIAL_BYTES)
      return `proxy's username and password must be at most ${MAX_CREDENTIAL_BYTES} bytes each.`;
    if (/[\x00-\x1f\x7f]/.test(value)) return "proxy's credentials must not contain control characters.";
  }
  return {
    scheme,
    host,
    port,
    ...(username !== undefined ? { username } : {}),
    ...(password !== undefined ? { password } : {}),
  };
}
