/**
 * Resolves a host once and judges every address it leads to with the address policy. Callers
 * that go on to connect must connect to one of the returned addresses (pinning): resolving again
 * would let a DNS answer change between the check and the connection (DNS rebinding).
 */
import { lookup } from "node:dns/promises";
import { isPublicAddress, isReservedHostname, parseAddress } from "./policy";

export type HostVerdict =
  { ok: true; addresses: string[] } | { ok: false; reason: "private_address" | "target_unreachable" };

const LOOKUP_TIMEOUT_MS = 5_000;

/** Strips the brackets the URL syntax puts around IPv6 literals. */
export function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

async function lookupAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("lookup timed out")), LOOKUP_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return answers.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The verdict on a host when it needs no DNS: IP literals, reserved names and numeric spellings
 * that are not names. Undefined when only a lookup can tell. Same arguments as checkHost.
 */
export function verdictWithoutLookup(
  hostname: string,
  options: { allowPrivate?: boolean } = {},
): HostVerdict | undefined {
  const host = bareHost(hostname);
  const allowPrivate = options.allowPrivate === true;
  const literal = parseAddress(host);
  if (literal) {
    const address = literal.toString();
    return allowPrivate || isPublicAddress(address)
      ? { ok: true, addresses: [address] }
      : { ok: false, reason: "private_address" };
  }
  if (!allowPrivate && isReservedHostname(host)) return { ok: false, reason: "private_address" };
  // A name that is neither a DNS name nor an address (e.g. IPv4 shorthand that reached us
  // unparsed) is refused rather than handed to getaddrinfo, which would accept "127.1".
  if (!/^[a-z0-9_.-]+$/i.test(host) || /^[0-9.]+$/.test(host) || /^0x/i.test(host)) {
    return { ok: false, reason: allowPrivate ? "target_unreachable" : "private_address" };
  }
  return undefined;
}

/**
 * `hostname` is a WHATWG URL hostname (IPv4 already canonical, IPv6 in brackets) or a bare
 * CONNECT host. With `allowPrivate` (the origin is on ALLOW_PRIVATE_ORIGINS) any address passes.
 */
export async function checkHost(hostname: string, options: { allowPrivate?: boolean } = {}): Promise<HostVerdict> {
  const known = verdictWithoutLookup(hostname, options);
  if (known) return known;
  const host = bareHost(hostname);
  const allowPrivate = options.allowPrivate === true;
  let addresses: string[];
  try {
    addresses = await lookupAll(host);
  } catch {
    return { ok: false, reason: "target_unreachable" };
  }
  if (addresses.length === 0) return { ok: false, reason: "target_unreachable" };
  if (!allowPrivate && !addresses.every(isPublicAddress)) return { ok: false, reason: "private_address" };
  return { ok: true, addresses };
}
