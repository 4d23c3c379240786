/** What a session's bridge is opened with (D39), and where its browser contexts send their traffic. */
import { contextBoundary } from "@/lib/net/chromium";
import type { ProxyRoute } from "@/lib/net/proxy/route-guard";

export interface BridgeOptions {
  /** A CDP command this long at most (the session's own limit bounds it anyway). */
  commandTimeoutMs: number;
  /** The session's workspace: its connectors answer for the origins they declared (D42). */
  workspaceId?: string;
  /**
   * The session's way through the customer's proxy (D41), opened by the caller: every context of
   * the session (its default one and those the client creates) names the route listener, and its
   * pages answer the route's challenge; closed when the session ends.
   */
  route?: ProxyRoute;
}

/** Where a session's contexts send their traffic: the route listener for a proxy, else the guard. */
export function boundaryOf(options: BridgeOptions) {
  return options.route ? Promise.resolve(options.route.boundary) : contextBoundary();
}
