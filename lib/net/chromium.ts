/**
 * Chromium launch flags that keep all of the browser's traffic inside the target-safety boundary:
 * everything goes through the guard proxy (loopback included), Chromium never resolves a name
 * itself, and the paths that ignore proxies (QUIC, non-proxied WebRTC UDP) or run on their own
 * (background networking, prediction/preconnect) are off.
 */
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
  return chromiumBoundaryFlags(guard.url);
}
