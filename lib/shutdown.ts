/**
 * Graceful shutdown of an instance (D16, README "Running several instances"): on SIGTERM or
 * SIGINT the instance stops starting renders (new ones get 503 shutting_down with Retry-After,
 * /readyz answers 503 so the load balancer moves on), lets the renders in flight finish and
 * closes its browsers. The serving process (scripts/server.ts) keeps its listener open until then
 * (lib/shutdown-signal.ts), so requests meanwhile get those answers rather than a refused
 * connection, and then exits.
 */
import "server-only";
import { drainRenders, shutdownBrowsers, stopTakingRenders } from "@/lib/browser";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { publishShutdown } from "@/lib/shutdown-signal";

/** The longest `timeout` a render can have (60 s) and a little for its context to close. */
const DRAIN_MAX_MS = 65_000;

async function gracefulShutdown(maxMs = DRAIN_MAX_MS): Promise<void> {
  log.info("shutdown.begin");
  // No new async jobs here (D20); the running ones finish with the renders in flight, and what is
  // still queued waits on the queue (or in the database) for the other instances or the restart.
  const jobs = import("@/lib/monitors/start").then((m) => m.stopMonitoring());
  stopTakingRenders();
  // Live browser sessions (D39) can last hours: they end now, each client told why (code 1001),
  // and reconnect through the load balancer to another instance.
  await import("@/lib/sessions/connect")
    .then((m) => m.endLiveSessions())
    .catch((error: unknown) => log.warn("browser sessions did not end cleanly", { error }));
  await drainRenders(maxMs);
  await jobs.catch((error: unknown) => log.warn("job workers did not stop cleanly", { error }));
  await shutdownBrowsers();
  // The last spans go out before the process does (D40); nothing is loaded when tracing is off.
  if (env().OTEL_EXPORTER_OTLP_ENDPOINT) await (await import("@/lib/observability/tracing-sdk")).flushTracing();
  log.info("shutdown.done");
}

let installed = false;

export function installGracefulShutdown(): void {
  if (installed) return;
  installed = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => publishShutdown(gracefulShutdown()));
  }
}
