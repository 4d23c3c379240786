/**
 * Next's client router sends its state as `Next-Router-State-Tree` (URL-encoded JSON) on RSC
 * requests. Next throws on a header it cannot parse or validate, and when that request lands on
 * the not-found page the throw becomes a 500 (found by tests/e2e/site/fuzz-raw.spec.ts, D1). The
 * edge server drops a header that Next's own validator refuses, so such a request is answered as
 * if it carried none: the page, or its 404. (Next's proxy cannot: the not-found render reads the
 * request's own headers, not the ones a proxy hands on.) The validator is Next's, so the check
 * moves with Next.
 */
import type { IncomingHttpHeaders } from "node:http";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";

const ROUTER_STATE_HEADER = "next-router-state-tree";

/** Whether Next would accept this Next-Router-State-Tree value. */
export function isRouterStateAccepted(value: string): boolean {
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a router state Next would refuse from a request's headers before Next sees them. */
export function dropRefusedRouterState(headers: IncomingHttpHeaders): void {
  const value = headers[ROUTER_STATE_HEADER];
  if (value !== undefined && !isRouterStateAccepted(String(value))) delete headers[ROUTER_STATE_HEADER];
}
