/**
 * What every isolated spec starts with: the namespace check, the DNS server the namespace's
 * resolver asks, and the canary. Names used by the specs:
 * - canary.test → 127.0.0.1 and ::1 (a public-looking name that resolves to loopback)
 * - rebind.test → 93.184.216.34 and 127.0.0.1 on alternate answers, TTL 0 (DNS rebinding)
 * - mixed.test → both a public address and 127.0.0.1 in one answer
 * - public.test → 93.184.216.34 only (public; nothing answers inside the namespace)
 * - metadata.google.internal → 169.254.169.254, as inside GCP
 * - fixture.test, img.test → 127.0.0.1 (allowed origins by name)
 * - www.public.test → 203.0.114.10, a public address the namespace puts on `lo` (a reachable "public" server)
 */
import { reloadEnv } from "@/lib/env";
import { startCanary, type Canary } from "./canary";
import { startDns, type DnsServer } from "./dns";
import { assertIsolated, STAND_IN_PUBLIC_IP } from "./namespace";

export const PUBLIC_IP = "93.184.216.34";

function answer(name: string, type: "A" | "AAAA", count: number): string[] | undefined {
  switch (name) {
    case "canary.test":
      return ["127.0.0.1", "::1"];
    case "rebind.test":
      return type === "A" ? [count % 2 === 1 ? PUBLIC_IP : "127.0.0.1"] : [];
    case "mixed.test":
      return [PUBLIC_IP, "127.0.0.1"];
    case "public.test":
      return [PUBLIC_IP];
    case "metadata.google.internal":
      return ["169.254.169.254"];
    case "www.public.test":
      return [STAND_IN_PUBLIC_IP];
    case "fixture.test":
    case "img.test":
      return ["127.0.0.1"];
    default:
      return undefined;
  }
}

export interface World {
  canary: Canary;
  dns: DnsServer;
  close(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  assertIsolated();
  const dns = await startDns(answer);
  const canary = await startCanary();
  return {
    canary,
    dns,
    async close() {
      await canary.close();
      await dns.close();
    },
  };
}

export function setAllowedOrigins(origins: string[]): void {
  process.env.ALLOW_PRIVATE_ORIGINS = origins.join(",");
  process.env.LOG_LEVEL = "silent";
  reloadEnv();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
