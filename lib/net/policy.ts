/**
 * The one address policy (DECISIONS D9): only public unicast addresses may be reached while
 * rendering or fetching on a caller's behalf. Used by the early URL check (target.ts), the guard
 * proxy every Chromium request goes through (guard-proxy.ts), the per-page second layer
 * (page-guard.ts) and server-side fetches (fetch.ts).
 *
 * IPv4 is a deny list over the IANA special-purpose registry; IPv6 is an allow list (global
 * unicast 2000::/3 only) minus its special ranges, because everything outside 2000::/3 is
 * reserved or local. IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4) are
 * judged by the IPv4 address they lead to, since that is where the packet ends up.
 */
import { isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";

type CidrTable = Array<[ipaddr.IPv4, number]> | Array<[ipaddr.IPv6, number]>;

function v4Table(cidrs: string[]): Array<[ipaddr.IPv4, number]> {
  return cidrs.map((c) => ipaddr.IPv4.parseCIDR(c));
}
function v6Table(cidrs: string[]): Array<[ipaddr.IPv6, number]> {
  return cidrs.map((c) => ipaddr.IPv6.parseCIDR(c));
}

/** IANA IPv4 special-purpose ranges, plus cloud metadata addresses that sit in public space. */
const V4_DENY = v4Table([
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // CGNAT (also Alibaba metadata 100.100.100.200)
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local (AWS/GCP/Azure/OCI/DO metadata 169.254.169.254, ECS 169.254.170.2)
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments (incl. OCI 192.0.0.192)
  "192.0.2.0/24", // TEST-NET-1
  "192.31.196.0/24", // AS112-v4
  "192.52.193.0/24", // AMT
  "192.88.99.0/24", // 6to4 relay anycast (deprecated)
  "192.168.0.0/16", // private
  "192.175.48.0/24", // AS112 direct delegation
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // TEST-NET-2
  "203.0.113.0/24", // TEST-NET-3
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, incl. 255.255.255.255 broadcast
  "168.63.129.16/32", // Azure WireServer / host metadata (public space, host-local in Azure)
]);

/** IPv6 ranges inside 2000::/3 (or otherwise relevant) that are not publicly routable. */
const V6_DENY = v6Table([
  "2001::/23", // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID, AMT, AS112…
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation (RFC 9637)
  "2620:4f:8000::/48", // AS112 direct delegation
]);

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR("2002::/16");
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
const IPV4_TRANSLATED = ipaddr.IPv6.parseCIDR("::ffff:0:0:0/96"); // SIIT, RFC 2765

function inTable(addr: ipaddr.IPv4 | ipaddr.IPv6, table: CidrTable): boolean {
  return (table as Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>).some(
    ([net, bits]) => addr.kind() === net.kind() && addr.match([net, bits] as never),
  );
}

function isPublicV4(addr: ipaddr.IPv4): boolean {
  return !inTable(addr, V4_DENY);
}

function embeddedV4(parts: number[], firstWord: number): ipaddr.IPv4 {
  const hi = parts[firstWord];
  const lo = parts[firstWord + 1];
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function isPublicV6(addr: ipaddr.IPv6): boolean {
  if (addr.isIPv4MappedAddress()) return isPublicV4(addr.toIPv4Address()); // ::ffff:a.b.c.d
  const parts = addr.parts;
  if (addr.match(IPV4_TRANSLATED)) return isPublicV4(embeddedV4(parts, 6));
  if (addr.match(NAT64_WELL_KNOWN)) return isPublicV4(embeddedV4(parts, 6));
  if (addr.match(SIX_TO_FOUR)) return isPublicV4(embeddedV4(parts, 1));
  // Outside global unicast: ::/128, ::1, IPv4-compatible ::/96, 64:ff9b:1::/48 local NAT64,
  // 100::/64 discard, 5f00::/16 SRv6, fc00::/7 ULA (incl. AWS fd00:ec2::254), fe80::/10,
  // fec0::/10, ff00::/8 multicast and every unallocated block.
  if (!addr.match(GLOBAL_UNICAST_V6)) return false;
  return !inTable(addr, V6_DENY);
}

/**
 * Parses an address literal the way the OS would connect to it: dotted IPv4 in canonical form, or
 * IPv6 (brackets tolerated; a zone id makes it scoped, so not an address we accept). Anything else (host names, shorthand IPv4 such as
 * "127.1") is not an address and yields undefined: callers resolve names, and the WHATWG URL
 * parser has already turned IPv4 shorthand into dotted form.
 */
export function parseAddress(input: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  let text = input.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes(":") && !text.includes("%") && isIPv6(text)) {
    // Canonicalise through the URL parser first: ipaddr.js reads any dotted tail as IPv4-mapped
    // ("::8.8.8.8" as ::ffff:8.8.8.8), while the OS reads it as IPv4-compatible ::808:808.
    return ipaddr.IPv6.parse(new URL(`http://[${text}]`).hostname.slice(1, -1));
  }
  return undefined;
}

/**
 * True only for a public unicast address. Anything that does not parse as an address, and every
 * special-purpose range (see the tables above), is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr) return false;
  return addr.kind() === "ipv4" ? isPublicV4(addr as ipaddr.IPv4) : isPublicV6(addr as ipaddr.IPv6);
}

/**
 * Host names that are never public whatever DNS says (RFC 6761 localhost, cloud metadata names,
 * internal-only suffixes). Refusing them by name gives a clean 400 without a lookup.
 */
export function isReservedHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.+$/, "");
  if (h === "" || h === "localhost" || h.endsWith(".localhost")) return true;
  if (h === "metadata" || h === "metadata.google.internal" || h === "instance-data") return true;
  return /\.(internal|local|localdomain|home\.arpa|intranet|lan|corp|private)$/.test(h) || h === "local";
}

let allowCache: { source: string[]; origins: Set<string> } | undefined;

function allowedOrigins(): Set<string> {
  const source = env().ALLOW_PRIVATE_ORIGINS;
  if (allowCache?.source === source) return allowCache.origins;
  const origins = new Set<string>();
  for (const entry of source) {
    try {
      const u = new URL(entry);
      if (u.protocol === "http:" || u.protocol === "https:") origins.add(u.origin);
    } catch {
      // A malformed entry allows nothing.
    }
  }
  allowCache = { source, origins };
  return origins;
}

/**
 * True when the URL's WHATWG origin (scheme, host, port — default ports normalised) is exactly one
 * of ALLOW_PRIVATE_ORIGINS. Only such origins may reach non-public addresses (self-hosting, tests).
 */
export function isAllowedOrigin(url: string | URL): boolean {
  let origin: string;
  try {
    origin = (typeof url === "string" ? new URL(url) : url).origin;
  } catch {
    return false;
  }
  if (origin === "null") return false;
  return allowedOrigins().has(origin);
}
