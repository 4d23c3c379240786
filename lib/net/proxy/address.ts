/**
 * The customer's own proxy (D41): which proxy URLs are accepted, and the boundary its own address
 * must pass. A proxy is reached from inside our network, so it is a destination like a webhook's:
 * resolved once here, refused unless every address is public (or its exact origin is on
 * ALLOW_PRIVATE_ORIGINS, which is how the loopback tests name a local proxy), and connected to at
 * the address checked (pinned).
 */
import { ApiError } from "@/lib/vocabulary/errors";
import { isAllowedOrigin } from "../policy";
import { bareHost, checkHost } from "../resolve";
import { parseProxyUrl, type ProxySpec } from "./syntax";

/** A proxy whose address passed the boundary: connect only to `addresses` (never resolve again). */
export interface PinnedProxy extends ProxySpec {
  addresses: string[];
}

/** The proxy's origin as ALLOW_PRIVATE_ORIGINS names it (http:// whatever the proxy speaks). */
function proxyOrigin(proxy: ProxySpec): string {
  return `http://${proxy.host}:${proxy.port}`;
}

/** Host and port only: how a proxy is named in logs and messages (never its credentials). */
export function describeProxy(proxy: Pick<ProxySpec, "host" | "port">): string {
  return `${bareHost(proxy.host)}:${proxy.port}`;
}

/**
 * D9 for the proxy itself: resolves its host once and pins the answer. Throws 400
 * `private_address` (a private, loopback, link-local… proxy) or `proxy_unreachable` (no address).
 */
async function pinProxy(proxy: ProxySpec, param = "proxy"): Promise<PinnedProxy> {
  const verdict = await checkHost(proxy.host, { allowPrivate: isAllowedOrigin(proxyOrigin(proxy)) });
  if (verdict.ok) return { ...proxy, addresses: verdict.addresses };
  if (verdict.reason === "private_address") {
    throw new ApiError(
      "private_address",
      "The proxy points to a private, loopback or otherwise non-public address; only proxies at public addresses can be used.",
      { param },
    );
  }
  throw new ApiError("proxy_unreachable", `The proxy's host ${bareHost(proxy.host)} could not be resolved.`, { param });
}

/** The raw parameter parsed and pinned: for callers that hold the proxy as the caller gave it. */
export async function pinProxyUrl(raw: string, param = "proxy"): Promise<PinnedProxy> {
  const spec = parseProxyUrl(raw);
  if (typeof spec === "string") throw new ApiError("invalid_parameter", spec, { param });
  return pinProxy(spec, param);
}
