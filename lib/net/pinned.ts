/**
 * The two pieces every server-side request to a caller's URL shares (D9): which URLs are
 * acceptable at all, and a request whose connection goes to the address already checked — the
 * name is not resolved again, so a DNS answer that changes between check and connect (rebinding)
 * changes nothing. TLS still verifies the real host name; no agent, so no pooled connection to
 * another address is reused.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { bareHost } from "./resolve";

/** Parses a caller-supplied URL; only http and https with a host are accepted. */
export function parseHttpUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.hostname === "") return undefined;
  return url;
}

/** A `lookup` for http(s) agents and requests that answers only `address` (already checked), never asking DNS. */
export function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(":") ? 6 : 4;
  // Asynchronous like dns.lookup: a synchronous answer makes net emit connect errors before
  // the request's error handler is attached (an uncaught exception).
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    process.nextTick(() => {
      if (opts?.all) cb(null, [{ address, family }]);
      else cb(null, address, family);
    });
  }) as unknown as LookupFunction;
}

/** One request to `url`, connected to `address` (already checked against the policy). */
export function pinnedRequest(
  url: URL,
  address: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; signal: AbortSignal },
  onResponse: (res: http.IncomingMessage) => void,
): http.ClientRequest {
  const client = url.protocol === "https:" ? https : http;
  return client.request(
    {
      protocol: url.protocol,
      host: bareHost(url.hostname),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: init.method,
      headers: init.headers,
      lookup: pinnedLookup(address),
      agent: false,
      signal: init.signal,
    },
    onResponse,
  );
}
