/**
 * The proxy POST /v1/sessions was given (D41 with D39): checked there as the connect would check
 * it (syntax by the schema, plan by its gate, the boundary here), sealed under the account's id on
 * the session's row until its connect URL is used (lib/secrets/sealed.ts, as a crawl's page
 * secrets are), then opened once and held in memory by the bridge. Never logged: errors name the
 * proxy's problem, never its URL.
 */
import "server-only";
import { pinProxyUrl } from "@/lib/net/proxy/address";
import { seal, unseal } from "@/lib/secrets/sealed";

const SEALED_PURPOSE = "glance-session-proxy-v1";

/** Refuses a proxy the boundary refuses: 400 private_address (or proxy_unreachable: no address) naming proxy. */
export async function checkSessionProxy(proxy: string): Promise<void> {
  await pinProxyUrl(proxy);
}

/** The proxy as the row keeps it. */
export function sealSessionProxy(proxy: string, userId: string): Promise<string> {
  return seal(proxy, SEALED_PURPOSE, userId);
}

/** The proxy URL of a row's sealed value (only the account that sealed it opens it). */
export function openSessionProxy(sealed: string, userId: string): Promise<string> {
  return unseal(sealed, SEALED_PURPOSE, userId);
}
