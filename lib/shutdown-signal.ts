/**
 * The app's shutdown as a promise on globalThis: lib/shutdown.ts (installed by instrumentation.ts
 * inside the app) publishes it when the signal arrives, and the process that serves the app
 * (scripts/server.ts) waits for it before closing its listener. They hold separate copies of
 * their modules, so the promise lives on globalThis. No `server-only` here: scripts/server.ts
 * runs outside the app's bundle.
 */
const SHUTDOWN_KEY = Symbol.for("glance.shutdown");
type GlobalWithShutdown = typeof globalThis & { [SHUTDOWN_KEY]?: Promise<void> };

export function publishShutdown(done: Promise<void>): void {
  (globalThis as GlobalWithShutdown)[SHUTDOWN_KEY] = done;
}

/** Resolves when the app's shutdown is done, or at once when none was started. */
function appShutdown(): Promise<void> {
  return (globalThis as GlobalWithShutdown)[SHUTDOWN_KEY] ?? Promise.resolve();
}

/**
 * For a process serving the app: on SIGTERM/SIGINT, once the app's shutdown is done (read on the
 * next turn, so the app's own handler has run whichever was registered first), `close` and exit.
 * `maxMs` bounds the whole wait.
 */
export function exitAfterAppShutdown(close: () => Promise<void>, maxMs: number): void {
  let closing = false;
  const onSignal = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), maxMs).unref();
    setImmediate(() => {
      void appShutdown()
        .then(close)
        .finally(() => process.exit(0));
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
