/**
 * Prometheus metrics (D40): one registry per process, whatever bundle asks. `next build` puts a
 * copy of this module in each route bundle and in instrumentation.ts's, and scripts/server.ts
 * loads its own: a registry per copy would split every counter between them and the scrape would
 * see one part. So the registry and the metrics are made once and kept on globalThis, like
 * lib/browser's state; prom-client itself stays a plain Node require (next.config.ts).
 *
 * Labels are closed sets only (endpoint ids, output formats, error codes, states), never what a
 * caller sent: a label value per URL would grow the registry without bound.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { toApiError } from "@/lib/vocabulary/errors";

/** What a gauge reads at scrape time from the part of the app that knows it (lib/bootstrap.ts wires them). */
export interface MetricReaders {
  renderLoad?: () => { running: number; waiting: number };
  /** Jobs by state, from the database: the whole deployment's, the same on every instance. */
  jobStates?: () => Promise<Record<string, number>>;
}

/** Every job state a row can have (lib/jobs): each is exported, at 0 when there is none. */
const JOB_STATES = ["queued", "running", "succeeded", "failed"] as const;

function createMetrics() {
  const registry = new Registry();
  const readers: MetricReaders = {};
  collectDefaultMetrics({ register: registry });
  const metrics = {
    registry,
    readers,
    requests: new Counter({
      name: "glance_requests_total",
      help: "API requests answered (HTTP and MCP), by endpoint and status.",
      labelNames: ["endpoint", "status"] as const,
      registers: [registry],
    }),
    renders: new Counter({
      name: "glance_renders_total",
      help: "Renders (cache misses that ran), by endpoint, output format and outcome (ok or the error code).",
      labelNames: ["endpoint", "format", "outcome"] as const,
      registers: [registry],
    }),
    renderSeconds: new Histogram({
      name: "glance_render_duration_seconds",
      help: "How long a render took, its wait for a render slot included, by endpoint and outcome.",
      labelNames: ["endpoint", "outcome"] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60, 120],
      registers: [registry],
    }),
    queueWaitSeconds: new Histogram({
      name: "glance_render_queue_wait_seconds",
      help: "How long a render waited for a render slot (D17) before it started.",
      buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15],
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: "glance_renders_in_flight",
      help: "Renders holding a render slot on this instance now.",
      registers: [registry],
      collect() {
        this.set(readers.renderLoad?.().running ?? 0);
      },
    }),
    queued: new Gauge({
      name: "glance_renders_queued",
      help: "Renders waiting for a render slot on this instance now.",
      registers: [registry],
      collect() {
        this.set(readers.renderLoad?.().waiting ?? 0);
      },
    }),
    browserLaunches: new Counter({
      name: "glance_browser_launches_total",
      help: "Browsers launched (local Chromium) or connected to (remote endpoints).",
      registers: [registry],
    }),
    browserCrashes: new Counter({
      name: "glance_browser_crashes_total",
      help: "Browsers lost while in service (crashed, killed, a remote endpoint gone).",
      registers: [registry],
    }),
    browserRecycles: new Counter({
      name: "glance_browser_recycles_total",
      help: "Browsers replaced on purpose (D17), by reason.",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    jobs: new Gauge({
      name: "glance_jobs",
      help: "Jobs by state in the database: the whole deployment's, the same on every instance.",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        const counts = (await readers.jobStates?.().catch(() => undefined)) ?? {};
        for (const state of JOB_STATES) this.set({ state }, counts[state] ?? 0);
      },
    }),
    jobsFinished: new Counter({
      name: "glance_jobs_finished_total",
      help: "Jobs this instance ran to their end, by kind (endpoint, monitor, crawl) and final state.",
      labelNames: ["kind", "state"] as const,
      registers: [registry],
    }),
    monitorRuns: new Counter({
      name: "glance_monitor_runs_total",
      help: "Monitor runs (D27) this instance ran to their end, by final state.",
      labelNames: ["state"] as const,
      registers: [registry],
    }),
    webhookAttempts: new Counter({
      name: "glance_webhook_deliveries_total",
      help: "Webhook delivery attempts (D20), by outcome: delivered, retrying (failed, tried again later) or failed (given up).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    cacheLookups: new Counter({
      name: "glance_cache_lookups_total",
      help: "Result lookups by endpoint and result: hit (served from the cache) or miss (rendered).",
      labelNames: ["endpoint", "result"] as const,
      registers: [registry],
    }),
  };
  return metrics;
}

type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("glance.observability.metrics");
type WithMetrics = typeof globalThis & { [KEY]?: Metrics };

/** The process's metrics, made by whichever bundle asks first. */
export function metrics(): Metrics {
  const g = globalThis as WithMetrics;
  return (g[KEY] ??= createMetrics());
}

/** Gives the gauges their readers (lib/bootstrap.ts): what the queue and the jobs table say at scrape time. */
export function observe(readers: MetricReaders): void {
  Object.assign(metrics().readers, readers);
}

/** What a refusal counts as: its error code (a closed set, D1). */
export function outcomeOf(error: unknown): string {
  return error === undefined ? "ok" : toApiError(error).code;
}

/** The exposition text of everything above, for GET /metrics. */
export function exposition(): Promise<string> {
  return metrics().registry.metrics();
}

export function metricsContentType(): string {
  return metrics().registry.contentType;
}

/** Glance's own metrics, for the docs (/docs/metrics): name, type, help and labels, from the registry itself. */
export function describeMetrics(): Array<{ name: string; type: string; help: string; labels: readonly string[] }> {
  const typeOf = (m: unknown) =>
    m instanceof Counter ? "counter" : m instanceof Gauge ? "gauge" : m instanceof Histogram ? "histogram" : undefined;
  return Object.values(metrics()).flatMap((m) => {
    const type = typeOf(m);
    if (!type) return [];
    const { name, help, labelNames } = m as unknown as { name: string; help: string; labelNames?: string[] };
    return [{ name, type, help, labels: labelNames ?? [] }];
  });
}
