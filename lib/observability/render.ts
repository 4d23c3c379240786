/**
 * The render's metrics and spans in one call each (D40), for lib/results' serveResult, where every
 * endpoint's render passes (requests, jobs, monitor runs): so the feature code that renders stays
 * free of instrumentation.
 */
import { metrics, outcomeOf } from "./metrics";
import { inSpan } from "./tracing";

/** Runs a render in its span, counting it by endpoint, format and outcome, and timing it. */
export async function observedRender<T>(endpoint: string, format: string, render: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let failure: unknown;
  try {
    return await inSpan("glance.render", render, { "glance.endpoint": endpoint, "glance.format": format });
  } catch (error) {
    failure = error ?? new Error("undefined thrown");
    throw error;
  } finally {
    const outcome = outcomeOf(failure);
    const m = metrics();
    m.renders.inc({ endpoint, format, outcome });
    m.renderSeconds.observe({ endpoint, outcome }, (performance.now() - started) / 1000);
  }
}

/** Writing a result to the store, in its span. */
export function observedStore<T>(store: string, write: () => Promise<T>): Promise<T> {
  return inSpan("glance.store", write, { "glance.store": store });
}

/** A result looked up: served from the cache (hit) or rendered (miss). */
export function countCacheLookup(endpoint: string, hit: boolean): void {
  metrics().cacheLookups.inc({ endpoint, result: hit ? "hit" : "miss" });
}
