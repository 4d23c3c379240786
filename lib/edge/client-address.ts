/**
 * Which address a request comes from (D14, D17): the per-address rate windows, the landing page's
 * demo quota and the logs count it. X-Forwarded-For is a list any client can write; only the
 * entries a trusted proxy appended can be believed. Read from the right — the connection's own
 * peer first, then each entry a proxy appended — the client is the first address that is not a
 * configured proxy (TRUSTED_PROXIES). With none configured, that is the peer itself and the header
 * is ignored. The edge server writes the answer back as the request's only X-Forwarded-For entry,
 * so the app (lib/api/rate-limit.ts `clientAddress`) reads one address it can trust.
 */
import { BlockList, isIP } from "node:net";

export type TrustedProxies = BlockList;

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** An address or CIDR block as TRUSTED_PROXIES names it; undefined when it is neither. */
function parseEntry(entry: string): { address: string; prefix?: number; family: "ipv4" | "ipv6" } | undefined {
  const [address, prefixText, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return undefined;
  const family = version === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) return { address, family };
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= (version === 4 ? 32 : 128))) return undefined;
  return { address, prefix, family };
}

export function trustedProxies(entries: string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`TRUSTED_PROXIES: "${entry}" is neither an IP address nor a CIDR block`);
    if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

function isTrusted(address: string, proxies: TrustedProxies): boolean {
  const version = isIP(address);
  return version !== 0 && proxies.check(address, version === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the peer, or — while the hop being looked at is a trusted proxy — the
 * entry that proxy appended to X-Forwarded-For. An entry that is not an address ends the walk at
 * the last trusted hop's own word, never at what the client wrote further left.
 */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: TrustedProxies,
): string {
  const entries = [forwardedFor ?? []]
    .flat()
    .flatMap((header) => header.split(","))
    .map((entry) => plain(entry.trim()))
    .filter(Boolean);
  let client = plain(peer ?? "") || "unknown";
  while (isTrusted(client, proxies) && entries.length) {
    const next = entries.pop()!;
    if (!isIP(next)) break;
    client = next;
  }
  return client;
}
