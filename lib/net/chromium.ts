/**
 * How Chromium is kept inside the target-safety boundary (D9, D16).
 *
 * The boundary is set per render, not per launch: every browser context a render uses is created
 * with this instance's guard as its proxy and no bypass at all, loopback included
 * (`contextBoundary`). That holds whatever flags the browser was started with — a local Chromium,
 * a plain `--remote-debugging-port` Chromium or browserless — and each app instance's renders go
 * through that instance's own guard. Launch flags (where we control the launch, and browserless
 * launch arguments) close the rest: the browser's own traffic goes to a sink that cannot resolve.
 */
import type { BrowserContextOptions } from "puppeteer-core";
import { env } from "@/lib/env";
import { guardProxy } from "./guard-proxy";

/**
 * Chromium bypasses proxies for loopback unless told otherwise; "<-loopback>" removes that
 * implicit rule, so 127.0.0.1, [::1] and localhost also meet the guard. Nothing else is bypassed.
 */
const GUARD_BYPASS_LIST = ["<-loopback>"];

/**
 * Where a browser's own traffic goes: nowhere. Every render's context names this instance's guard
 * as its proxy (`contextBoundary`), so what is left on the browser-wide proxy is what Chromium
 * sends of its own accord (at every launch it asks update.googleapis.com for an on-demand
 * component and accounts.google.com for sign-in state, whatever --disable-component-update
 * says). A proxy under a reserved name (RFC 2606 .invalid) that the resolver rules below refuse
 * to resolve fails those requests inside the browser: no packet, no guard log, no fallback to
 * direct (a fixed proxy list has none).
 */
export const BROWSER_OWN_TRAFFIC_SINK = "http://browser-own-traffic.glance.invalid:9";

/**
 * Flags that close what a per-context proxy cannot see: the browser's own traffic (to the sink
 * above, loopback included), Chromium's own name resolution (it sends names to the proxy
 * unresolved; anything it would still resolve fails, except the guard's host), QUIC, non-proxied
 * WebRTC UDP, and the background services that would otherwise keep trying (sync, sign-in, time
 * queries, prediction). The README's "Remote Chromium fleets" section prints this list from here.
 */
export function chromiumHardeningFlags(guardHost: string): string[] {
  return [
    `--proxy-server=${BROWSER_OWN_TRAFFIC_SINK}`,
    `--proxy-bypass-list=${GUARD_BYPASS_LIST.join(";")}`,
    `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ${guardHost}`,
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
    "--disable-features=DnsOverHttps,NetworkPrediction,Prerender2,AsyncDns,MediaRouter,OptimizationHints,NetworkTimeServiceQuerying",
  ];
}

function hostOf(proxyUrl: string): string {
  return new URL(proxyUrl).hostname.replace(/^\[|\]$/g, "");
}

/**
 * The guard's address as this instance's browsers reach it: NET_GUARD_URL when set (remote
 * browsers on other hosts), else the guard's own address (a guard listening on every interface
 * is still reached over loopback). Starts the guard on first use.
 */
async function guardUrlForBrowsers(): Promise<string> {
  const guard = await guardProxy();
  const configured = env().NET_GUARD_URL;
  if (configured) return configured;
  const unspecified = guard.host === "0.0.0.0" || guard.host === "::";
  return unspecified ? `http://127.0.0.1:${guard.port}` : guard.url;
}

/** Options for every browser context a render uses: this instance's guard, nothing bypassed. */
export async function contextBoundary(): Promise<Pick<BrowserContextOptions, "proxyServer" | "proxyBypassList">> {
  return { proxyServer: await guardUrlForBrowsers(), proxyBypassList: GUARD_BYPASS_LIST };
}

/**
 * `args` with `features` added to their --disable-features, as one flag: Chromium reads only the
 * last --disable-features it is given, so a second flag would undo the hardening list's.
 */
export function withDisabledFeatures(args: string[], features: readonly string[]): string[] {
  const flag = "--disable-features=";
  const existing = args.filter((a) => a.startsWith(flag)).flatMap((a) => a.slice(flag.length).split(","));
  const merged = [...new Set([...existing, ...features])].filter(Boolean);
  return [...args.filter((a) => !a.startsWith(flag)), `${flag}${merged.join(",")}`];
}

/** Extra launch flags for a locally launched Chromium; starts the guard on first use. */
export async function chromiumNetworkArgs(): Promise<string[]> {
  return chromiumHardeningFlags(hostOf(await guardUrlForBrowsers()));
}

/** A caller's proxy flags are replaced by ours (the sink): browserless would route a real proxy around loopback. */
const PROXY_FLAG_NAMES = new Set([
  "--proxy-server",
  "--proxy-bypass-list",
  "--proxy-pac-url",
  "--proxy-auto-detect",
  "--no-proxy-server",
]);

/**
 * For a remote endpoint that takes launch arguments in its URL (browserless: `launch={"args":[…]}`),
 * returns the URL with the hardening flags added and any proxy flags of the caller's removed. The
 * only browser-wide proxy sent is the sink: browserless adds its own host and external address
 * to a launch proxy's bypass list (F3 in issue 13), which matters only for a proxy that leads
 * somewhere; pages are held by the per-context proxy (`contextBoundary`), and their WebRTC by the
 * policy flag, without which lib/browser refuses the browser. DevTools addresses (http(s)://,
 * /devtools/browser/…) take no arguments and are returned unchanged. Starts the guard.
 * `disabledFeatures` (lib/browser's rendering choices) join the hardening list's --disable-features.
 */
export async function remoteEndpointWithGuard(
  endpoint: string,
  disabledFeatures: readonly string[] = [],
): Promise<string> {
  if (!/^wss?:\/\//i.test(endpoint)) return endpoint;
  const url = new URL(endpoint);
  if (url.pathname.startsWith("/devtools/")) return endpoint;
  // Listening before the first remote page asks for anything; its host is the one that resolves.
  const guardHost = hostOf(await guardUrlForBrowsers());
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
  const flags = withDisabledFeatures(chromiumHardeningFlags(guardHost), disabledFeatures);
  const names = new Set([...flags.map((f) => f.split("=")[0]), ...PROXY_FLAG_NAMES]);
  const kept = Array.isArray(launch.args)
    ? launch.args.filter((a): a is string => typeof a === "string" && !names.has(a.split("=")[0]))
    : [];
  url.searchParams.set("launch", JSON.stringify({ ...launch, args: [...kept, ...flags] }));
  return url.toString();
}
