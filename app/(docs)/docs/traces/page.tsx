import type { Metadata } from "next";
import Link from "next/link";
import { DocsTable } from "@/components/docs/docs-table";
import { DocsPageHeader } from "@/components/docs/page-header";
import { CodeBlock, TD, TR } from "@/components/ui";

export const metadata: Metadata = {
  title: "Traces (OpenTelemetry)",
  description:
    "OpenTelemetry traces of a self-hosted Glance over OTLP: each request's spans, traceparent, the request log's trace id.",
};

const SETTINGS = `# .env of every instance
OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318     # spans go to <this>/v1/traces
OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=YOUR_KEY  # optional, name=value,name=value
OTEL_SERVICE_NAME=glance                              # optional, the default`;

const TRACEPARENT = `POST /v1/screenshot
X-API-Key: sk_live_…
Content-Type: application/json
traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01

{"url": "https://example.com"}`;

const SPANS: Array<[string, string]> = [
  ["glance.request", "The whole API request, in the pipeline: its endpoint, method and status."],
  ["glance.auth", "Authentication: the API key or signed URL looked up."],
  ["glance.rate_limit", "The account's rate window counted (after parameter checks and plan gates)."],
  ["glance.render", "A render on a cache miss, with its endpoint and output format."],
  ["glance.queue_wait", "Waiting for a render slot of this instance."],
  ["glance.page_setup", "A browser and a fresh, isolated page for the render."],
  ["glance.navigate", "Loading the page: navigation to the target, or the html given."],
  ["glance.wait", "What the request asked to wait for: a selector, a delay, fonts, scrolling."],
  ["glance.capture", "The screenshot or PDF taken (a recording's frames)."],
  ["glance.encode", "Encoding the image (resizing, the output format)."],
  ["glance.extract", "/v1/content: the page's content extracted."],
  ["glance.store", "The result written to the result store."],
];

export default function TracesPage() {
  return (
    <article className="prose-docs">
      <DocsPageHeader eyebrow="Self-hosting" title="Traces (OpenTelemetry)">
        A server you run yourself can send a trace of every API request — where its time went, step by step — to any
        OpenTelemetry collector or tracing backend.
      </DocsPageHeader>

      <h2 id="settings">Turning it on</h2>
      <p>
        Set <code>OTEL_EXPORTER_OTLP_ENDPOINT</code> to the base URL of an OTLP/HTTP receiver (an OpenTelemetry
        Collector, Jaeger, Tempo, a vendor&apos;s endpoint). Spans are sent in batches, about once a second, as OTLP
        JSON to <code>&lt;endpoint&gt;/v1/traces</code>. Without the setting tracing is off: the tracing SDK is not even
        loaded, and the spans below cost a function call each.
      </p>
      <CodeBlock caption=".env" code={SETTINGS} className="not-prose" />

      <h2 id="spans">A request&apos;s spans</h2>
      <p>
        Next.js&apos;s own spans (the HTTP request, the route) come first; inside them, Glance&apos;s pipeline. The
        render&apos;s steps are children of <code>glance.render</code>; a cache hit has no render.
      </p>
      <DocsTable label="Spans" columns={["Span", "What it covers"]}>
        {SPANS.map(([name, what]) => (
          <TR key={name}>
            <TD>
              <code className="font-mono text-[13px] font-semibold text-slate-900">{name}</code>
            </TD>
            <TD>{what}</TD>
          </TR>
        ))}
      </DocsTable>
      <p>
        A span carries closed facts only — endpoint, format, status, error code — never a key, a header or a target URL.
        The query string in Next&apos;s request span has <code>api_key</code>, <code>signature</code> and the
        credentials of URLs (<code>user:password@</code>) replaced by <code>[redacted]</code> before it is sent.
      </p>

      <h2 id="traceparent">Your trace, and the request log</h2>
      <p>
        A request that sends a W3C <code>traceparent</code> header joins the caller&apos;s trace: Glance&apos;s spans
        are children of the caller&apos;s span, and a caller that did not sample its trace is not sampled here either.
        Each request&apos;s trace id is kept in the dashboard&apos;s{" "}
        <Link href="/dashboard/usage/log">request log</Link> (a request&apos;s page shows it) — with tracing off too,
        when the request sent a <code>traceparent</code>.
      </p>
      <CodeBlock caption="A request in the caller's trace" code={TRACEPARENT} className="not-prose" />
      <p>
        Aggregates — renders, durations, queues, browsers, jobs — are on{" "}
        <Link href="/docs/metrics">Metrics (Prometheus)</Link>.
      </p>
    </article>
  );
}
