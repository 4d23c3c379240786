/**
 * Graceful shutdown (D16): once `stopTakingRenders()` is called no new render starts (503
 * shutting_down with Retry-After) and the ones running are tracked so the shutdown can wait for
 * them. On globalThis like lib/browser's state (the signal handler and the route handlers may hold
 * separate copies of these modules), but apart from it: shutdownBrowsers() clears that state and
 * must not end the shutdown.
 */
import { ApiError } from "@/lib/vocabulary/errors";

/** Seconds a client is told to wait before retrying a render refused while shutting down. */
export const SHUTDOWN_RETRY_AFTER_S = 5;

const DRAIN_KEY = Symbol.for("glance.browser.drain");
interface DrainState {
  shuttingDown: boolean;
  inFlight: Set<Promise<unknown>>;
}
type GlobalWithDrain = typeof globalThis & { [DRAIN_KEY]?: DrainState };

function drainState(): DrainState {
  const g = globalThis as GlobalWithDrain;
  g[DRAIN_KEY] ??= { shuttingDown: false, inFlight: new Set() };
  return g[DRAIN_KEY];
}

/** New renders are refused with 503 shutting_down from now on; running ones carry on. */
export function stopTakingRenders(): void {
  drainState().shuttingDown = true;
}

export function isShuttingDown(): boolean {
  return drainState().shuttingDown;
}

/** Starts `render()` unless the instance is shutting down, and tracks it until it settles. */
export function admitRender<T>(render: () => Promise<T>): Promise<T> {
  const drain = drainState();
  if (drain.shuttingDown) {
    return Promise.reject(
      new ApiError(
        "shutting_down",
        "This instance is shutting down. Please retry: another instance will render the page.",
        {
          headers: { "Retry-After": String(SHUTDOWN_RETRY_AFTER_S) },
        },
      ),
    );
  }
  const running = render();
  drain.inFlight.add(running);
  const forget = () => drain.inFlight.delete(running);
  running.then(forget, forget);
  return running;
}

/** Resolves when every tracked render (and `alsoWaitFor`) has settled, or after `maxMs`. */
export async function drainRenders(maxMs: number, alsoWaitFor: Iterable<Promise<unknown>> = []): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...drainState().inFlight, ...alsoWaitFor]),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs))),
  ]);
  clearTimeout(timer);
}
