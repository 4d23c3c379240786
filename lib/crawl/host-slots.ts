/**
 * Politeness across crawls (D32): at most HOST_RENDERS page renders of one host in flight on the
 * whole deployment, whichever crawls and workspaces they belong to. A crawl's own pages were
 * already bounded by the account's job slots, but two crawls of one site (two customers, or one
 * customer's two workspaces) added up, and so did many.
 *
 * With Redis (several instances), a host's slots are a sorted set of leases scored by their expiry
 * on Redis's clock: taking one drops the expired, counts the rest and adds one, atomically (one
 * script); the holder renews it while it renders, and a killed instance's lease lapses within
 * LEASE_MS instead of holding the slot for ever. Without Redis there is one instance (the embedded
 * default), and a count in this process is the whole truth.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/log";
import { getRedis } from "@/lib/redis";

/** Page renders of one host in flight at once, across every crawl on every instance (D32 says why 2). */
export const HOST_RENDERS = 2;
/** How long a lease outlives its last renewal: a dead instance's slot frees within this. */
const LEASE_MS = 30_000;

const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const RENEW = `
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 0 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

export interface HostSlot {
  release(): Promise<void>;
}

/** Where a page is rendered from, as politeness counts it: its host and port, `www.` or not. */
export function hostOf(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, "");
}

/** This process's slots, for the embedded default (no Redis: one instance). */
const local = new Map<string, number>();

/**
 * Takes one of `host`'s slots, or null when all are held (the page goes back on the queue for a
 * moment). The slot is renewed while held; release it when the render ends, however it ends.
 */
export async function takeHostSlot(
  host: string,
  options: { limit?: number; leaseMs?: number } = {},
): Promise<HostSlot | null> {
  const limit = options.limit ?? HOST_RENDERS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const redis = getRedis();
  if (!redis) {
    const held = local.get(host) ?? 0;
    if (held >= limit) return null;
    local.set(host, held + 1);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        const now = (local.get(host) ?? 1) - 1;
        if (now > 0) local.set(host, now);
        else local.delete(host);
      },
    };
  }
  const key = `crawl:host:${host}`;
  const token = randomUUID();
  if (Number(await redis.eval(TAKE, [key], [limit, leaseMs, token])) !== 1) return null;
  // Renewed at a third of the lease, so two missed renewals still leave it held.
  const renewal = setInterval(() => {
    redis
      .eval(RENEW, [key], [leaseMs, token])
      .catch((error: unknown) => log.warn("host slot renewal failed", { error }));
  }, leaseMs / 3);
  renewal.unref();
  return {
    release: async () => {
      clearInterval(renewal);
      // A release that fails leaves the lease to lapse on its own, within LEASE_MS.
      await redis
        .eval(`return redis.call('ZREM', KEYS[1], ARGV[1])`, [key], [token])
        .catch((error: unknown) => log.warn("host slot release failed", { error }));
    },
  };
}
