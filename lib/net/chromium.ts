/**
 * Chromium launch flags that keep the browser's traffic inside the target-safety boundary.
 * v0: turns off the paths that bypass any proxy (QUIC, non-proxied WebRTC UDP) and background
 * traffic; the guard proxy and host-resolver rules are added by the target-safety work.
 */
export async function chromiumNetworkArgs(): Promise<string[]> {
  return [
    "--disable-quic",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-domain-reliability",
  ];
}
