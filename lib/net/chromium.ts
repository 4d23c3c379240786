/**
 * Chromium launch flags that keep all of the browser's traffic inside the target-safety boundary:
 * everything goes through the guard proxy (loopback included), Chromium never resolves a name
 * itself, and the paths that ignore proxies (QUIC, non-proxied WebRTC UDP) or run on their own
 * (background networking, prediction/preconnect) are off.
 */
import { env } from "@/lib/env";
import { guardProxy } from "./guard-proxy";

/** Flags that do not depend on where the guard listens. */
export function chromiumBoundaryFlags(proxyUrl: string): string[] {
  const proxyHost = new URL(proxyUrl).hostname.replace(/^\[|\]$/g, "");
  return [
    `--proxy-server=${proxyUrl}`,
    // Chromium bypasses proxies for loopback by default; "<-loopback>" removes that implicit rule
    // so 127.0.0.1, [::1] and localhost also meet the guard.
    "--proxy-bypass-list=<-loopback>",
    // With a proxy Chromium sends names to it unresolved; any resolution it would still do
    // (WebRTC, prediction) fails, except for the guard's own address.
    `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ${proxyHost}`,
    "--disable-quic",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-pings",
    "--disable-domain-reliability",
    "--dns-prefetch-disable",
    "--disable-features=DnsOverHttps,NetworkPrediction,Prerender2,AsyncDns,MediaRouter,OptimizationHints",
  ];
}

/** Extra launch flags for a locally launched Chromium; starts the guard on first use. */
export async function chromiumNetworkArgs(): Promise<string[]> {
  const guard = await guardProxy();
  // A guard listening on every interface (for a remote fleet) is still reached over loopback here.
  const unspecified = guard.host === "0.0.0.0" || guard.host === "::";
  return chromiumBoundaryFlags(unspecified ? `http://127.0.0.1:${guard.port}` : guard.url);
}

/**
 * For a remote endpoint that takes launch arguments in its URL (browserless: `launch={"args":[…]}`),
 * returns the URL with the boundary flags added, pointing the remote Chromium at the guard through
 * NET_GUARD_URL (the address the browser fleet can reach; the guard listens on NET_GUARD_HOST:
 * NET_GUARD_PORT and requires NET_GUARD_TOKEN, which guardPage answers). Without NET_GUARD_URL, or
 * for http(s):// DevTools addresses that cannot take arguments, the endpoint is returned unchanged
 * and the operator must enforce egress as the README's "Remote Chromium fleets" section describes.
 */
export async function remoteEndpointWithGuard(endpoint: string): Promise<string> {
  const guardUrl = env().NET_GUARD_URL;
  if (!guardUrl || !/^wss?:\/\//i.test(endpoint)) return endpoint;
  await guardProxy(); // listening before the first remote page asks for anything
  const url = new URL(endpoint);
  let launch: { args?: unknown } & Record<string, unknown> = {};
  const existing = url.searchParams.get("launch");
  if (existing) {
    try {
      const parsed: unknown = JSON.parse(existing);
      if (parsed && typeof parsed === "object") launch = parsed as typeof launch;
    } catch {
      // An unparsable launch value is replaced.
    }
  }
  const flags = chromiumBoundaryFlags(guardUrl);
  const names = new Set(flags.map((f) => f.split("=")[0]));
  const kept = Array.isArray(launch.args) ? launch.args.filter((a): a is string => typeof a === "string" && !names.has(a.split("=")[0])) : [];
  url.searchParams.set("launch", JSON.stringify({ ...launch, args: [...kept, ...flags] }));
  return url.toString();
}
