/**
 * The OpenTelemetry SDK (D40), started by instrumentation.ts only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set, and imported only then: with tracing off none of this is loaded. Spans go in batches
 * over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`; the caller's W3C traceparent is honoured
 * (parent-based sampling: a caller that did not sample its trace is not sampled here either).
 * Context follows async calls through AsyncLocalStorage, so a span started deep in a render finds
 * its request's span as its parent. Once per process, on globalThis like the metrics.
 */
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Span,
  type SpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { env } from "@/lib/env";
import { log, redact } from "@/lib/log";

const KEY = Symbol.for("glance.observability.tracing");
type WithTracing = typeof globalThis & { [KEY]?: TracerProvider };

/** `//user:password@host`: the credentials of a URL (a target's, a proxy's) are no attribute. */
const URL_CREDENTIALS = /(\/\/)[^/@\s"]*@/g;
/** The same URL as a query parameter's value (`%2F%2Fuser%3Apassword%40host`): Next's span has the raw query. */
const ENCODED_URL_CREDENTIALS = /(%2F%2F)(?:(?!%2F)[^&\s"/])*?%40/gi;

/** The text with keys, signatures and URL credentials cut out (lib/log's rules, plus credentials). */
export function scrubbed(text: string): string {
  return (redact(text) as string)
    .replace(URL_CREDENTIALS, "$1[redacted]@")
    .replace(ENCODED_URL_CREDENTIALS, "$1[redacted]%40");
}

/**
 * Scrubs every span's name and string attributes as it starts and as it ends: Next's request span
 * is named after and carries the request's path and query, where an `api_key` may be.
 */
class ScrubbingProcessor implements SpanProcessor {
  onStart(span: Span): void {
    scrub(span);
  }
  onEnding(span: Span): void {
    scrub(span);
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

function scrub(span: Span): void {
  const name = scrubbed(span.name);
  if (name !== span.name) span.updateName(name);
  for (const [key, value] of Object.entries(span.attributes)) {
    if (typeof value === "string") {
      const clean = scrubbed(value);
      if (clean !== value) span.setAttribute(key, clean);
    } else if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
      const clean = value.map(scrubbed);
      if (clean.some((v, i) => v !== value[i])) span.setAttribute(key, clean);
    }
  }
}

/** Starts tracing for this process when an OTLP endpoint is configured; a second call does nothing. */
export function startTracing(): void {
  const e = env();
  const endpoint = e.OTEL_EXPORTER_OTLP_ENDPOINT;
  const g = globalThis as WithTracing;
  if (!endpoint || g[KEY]) return;
  const exporter = new OTLPTraceExporter({
    url: `${endpoint.replace(/\/+$/, "")}/v1/traces`,
    headers: e.OTEL_EXPORTER_OTLP_HEADERS,
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": e.OTEL_SERVICE_NAME }),
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [new ScrubbingProcessor(), new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1_000 })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  g[KEY] = provider;
  log.info("tracing on", { endpoint: scrubbed(endpoint), service: e.OTEL_SERVICE_NAME });
}

/** Sends the spans still in the batch (shutdown). */
export async function flushTracing(): Promise<void> {
  await (globalThis as WithTracing)[KEY]?.forceFlush().catch(() => {});
}
