/**
 * Every instance's sessions sweep (D39): at start and every SESSION_CHECK_MS, sessions whose
 * instance died are ended and metered (lib/sessions/ending.ts; once, whichever instance gets
 * there first), ended sessions' minutes not yet on Stripe's meter are sent (billing on only), and
 * the sealed proxies of connect URLs that expired unused are dropped (D41).
 */
import "server-only";
import { reportSessionMinutes } from "@/lib/billing/session-meter";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { endLostSessions } from "./ending";
import { dropExpiredProxies } from "./store";

const SWEEPER = Symbol.for("glance.sessions.sweeper");
type WithSweeper = typeof globalThis & { [SWEEPER]?: NodeJS.Timeout };

/** One sweep: lost sessions ended, expired connect URLs' proxies dropped, then the meter reports. */
export async function sweepSessions(): Promise<void> {
  try {
    const lost = await endLostSessions();
    if (lost.length > 0) log.info("ended sessions whose instance stopped", { sessions: lost.map((s) => s.id) });
    await dropExpiredProxies();
    await reportSessionMinutes();
  } catch (error) {
    log.warn("session sweep failed", { error });
  }
}

/** Starts this process's sweeper (once per process, whichever bundle asks). */
export function startSessionSweeper(): void {
  const g = globalThis as WithSweeper;
  if (g[SWEEPER]) return;
  void sweepSessions();
  g[SWEEPER] = setInterval(() => void sweepSessions(), env().SESSION_CHECK_MS);
  g[SWEEPER].unref?.();
}
