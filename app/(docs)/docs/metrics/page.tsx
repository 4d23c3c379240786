import type { Metadata } from "next";
import Link from "next/link";
import { DocsTable } from "@/components/docs/docs-table";
import { DocsPageHeader } from "@/components/docs/page-header";
import { CodeBlock, TD, TR } from "@/components/ui";
import { describeMetrics } from "@/lib/observability/metrics";

export const metadata: Metadata = {
  title: "Metrics (Prometheus)",
  description:
    "Prometheus metrics of a self-hosted Glance: GET /metrics, its token, every metric and a Grafana dashboard.",
};

const SCRAPE = `# prometheus.yml: every instance is a target of its own
scrape_configs:
  - job_name: glance
    metrics_path: /metrics
    authorization:
      type: Bearer
      credentials_file: /run/secrets/metrics_token   # METRICS_TOKEN
    dns_sd_configs:
      - names: [app]        # one address per replica (compose's service name)
        type: A
        port: 3000`;

const CHECK = `curl -H "Authorization: Bearer $METRICS_TOKEN" http://127.0.0.1:3000/metrics`;

const QUERIES = `# renders per second by endpoint and outcome, all instances
sum by (endpoint, outcome) (rate(glance_renders_total[5m]))
# 95th percentile render time
histogram_quantile(0.95, sum by (le) (rate(glance_render_duration_seconds_bucket[5m])))
# share of lookups served from the cache
sum(rate(glance_cache_lookups_total{result="hit"}[5m])) / sum(rate(glance_cache_lookups_total[5m]))
# jobs waiting (the same on every instance: take one)
max(glance_jobs{state="queued"})`;

export default function MetricsPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Self-hosting" title="Metrics (Prometheus)">
        A server you run yourself tells Prometheus what it renders, how long that takes, how busy its browsers are and
        how its jobs, monitors and webhooks go.
      </DocsPageHeader>

      <h2 id="endpoint">GET /metrics</h2>
      <p>
        Set <code>METRICS_TOKEN</code> (16 characters or more, the same or different on each instance) and every
        instance answers <code>GET /metrics</code> in Prometheus&apos;s text format to a request that sends{" "}
        <code>Authorization: Bearer &lt;token&gt;</code>. Without the setting, or with any other authorization, the
        answer is a 404, as for a path that does not exist. The token is compared in constant time.
      </p>
      <CodeBlock caption="Shell" code={CHECK} className="not-prose" />

      <h2 id="instances">Several instances</h2>
      <p>
        Each instance exposes its own metrics only: counters start at zero when it starts, and nothing is shared between
        instances. Scrape every instance by its own address, never through the load balancer (which would answer from a
        different instance each time), and add them up in queries with <code>sum</code>. <code>glance_jobs</code> is the
        exception: it counts the database&apos;s jobs, so every instance reports the same numbers; take <code>max</code>{" "}
        of it, not the sum.
      </p>
      <CodeBlock caption="prometheus.yml" code={SCRAPE} className="not-prose" />
      <p>
        The repository&apos;s <code>compose.yaml</code> has this scrape as a commented <code>prometheus</code> service (
        <code>docker/prometheus.yml</code>), and <code>docker/grafana-dashboard.json</code> is a Grafana dashboard of
        the metrics below to import.
      </p>

      <h2 id="metrics">What is measured</h2>
      <p>
        Label values are closed sets: endpoint ids, output formats, the <Link href="/docs/errors">error codes</Link> (
        <code>outcome</code> is <code>ok</code> or the code a render failed with), job states. Nothing a caller sends
        becomes a label. Beside these come Node.js&apos;s process metrics (<code>process_*</code>, <code>nodejs_*</code>
        : CPU, memory, heap, event-loop lag, garbage collection).
      </p>
      <DocsTable label="Glance's metrics" columns={["Metric", "Type", "Labels", "What it counts"]}>
        {describeMetrics().map((m) => (
          <TR key={m.name}>
            <TD>
              <code className="font-mono text-[13px] font-semibold text-slate-900">{m.name}</code>
            </TD>
            <TD>{m.type}</TD>
            <TD className="font-mono text-xs">{m.labels.join(", ") || "—"}</TD>
            <TD>{m.help}</TD>
          </TR>
        ))}
      </DocsTable>
      <p>
        A render is a cache miss that ran (a request&apos;s, a job&apos;s or a monitor&apos;s run); its duration
        includes its wait for a render slot, which <code>glance_render_queue_wait_seconds</code> shows alone. Requests
        refused before rendering (a bad parameter, a private address, the rate limit) are in{" "}
        <code>glance_requests_total</code> only.
      </p>
      <CodeBlock caption="PromQL" code={QUERIES} className="not-prose" />
      <p>
        Traces of single requests are on <Link href="/docs/traces">Traces (OpenTelemetry)</Link>.
      </p>
    </article>
  );
}
