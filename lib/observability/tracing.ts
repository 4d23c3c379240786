/**
 * Traces (D40): the spans of a request through the pipeline, written against @opentelemetry/api
 * only. With no SDK started (OTEL_EXPORTER_OTLP_ENDPOINT unset) the API's tracer is its no-op one:
 * a span costs a function call and nothing is recorded or sent. The SDK, when configured, is
 * started once per process by instrumentation.ts (./tracing-sdk.ts) and registered globally; the
 * API finds it through its own global, so every bundle's copy of this module uses the same one.
 *
 * Attributes are closed facts (endpoint, format, status, error code, cache, request id): never a
 * URL, a header or a parameter a caller sent. Next's own spans carry the request's path and query;
 * the SDK scrubs keys, signatures and URL credentials out of every span before export.
 */
import {
  type Attributes,
  context,
  type Context,
  isSpanContextValid,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";

// A proxy tracer: it finds the SDK's tracer once one is registered, and is the no-op one until then.
const TRACER = trace.getTracer("glance");
const tracer = () => TRACER;

/** A W3C traceparent's trace id (version 00, not all zeros), or undefined. */
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

function ended(span: Span, error: unknown): void {
  if (error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") span.setAttribute("glance.error_code", code);
  }
  span.end();
}

/** Runs `fn` in a span named `name`, a child of the current one; the span ends with it. */
export async function inSpan<T>(name: string, fn: (span: Span) => Promise<T>, attributes?: Attributes): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    let failure: unknown;
    try {
      return await fn(span);
    } catch (error) {
      failure = error ?? new Error("undefined thrown");
      throw error;
    } finally {
      ended(span, failure);
    }
  });
}

/**
 * A phase a render already timed (lib/page's PhaseClock: navigate, wait, capture, encode,
 * extract) as a span of the current one, from `startMs` to `endMs` (performance.now() times).
 */
export function phaseSpan(phase: string, startMs: number, endMs: number): void {
  const origin = performance.timeOrigin;
  tracer()
    .startSpan(`glance.${phase}`, { startTime: origin + startMs })
    .end(origin + endMs);
}

/**
 * The request's own span (`glance.request`), around the whole of an API request. Its parent is the
 * span Next opened for the request when there is one (Next reads the caller's traceparent itself),
 * else the caller's traceparent. `traceId` is what the request log keeps: the trace's id, or with
 * tracing off the caller's traceparent's, so a caller can still find its request by its own trace.
 */
export async function inRequestSpan<T>(
  request: Request,
  attributes: Attributes,
  fn: (span: Span, traceId: string | undefined) => Promise<T>,
): Promise<T> {
  const active = context.active();
  const parent: Context = trace.getSpan(active)
    ? active
    : propagation.extract(active, request.headers, {
        get: (headers, key) => headers.get(key) ?? undefined,
        keys: (headers) => [...headers.keys()],
      });
  return tracer().startActiveSpan("glance.request", { kind: SpanKind.INTERNAL, attributes }, parent, async (span) => {
    const own = span.spanContext();
    const traceId = isSpanContextValid(own)
      ? own.traceId
      : TRACEPARENT.exec(request.headers.get("traceparent")?.trim().toLowerCase() ?? "")?.[1];
    let failure: unknown;
    try {
      return await fn(span, traceId === "0".repeat(32) ? undefined : traceId);
    } catch (error) {
      failure = error ?? new Error("undefined thrown");
      throw error;
    } finally {
      ended(span, failure);
    }
  });
}

/** The trace id of the span active now, if tracing is on and one is: an MCP tool call's (the /mcp request's trace). */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? span.traceId : undefined;
}

/** Notes the status and error code a request ended with on its span. */
export function noteAnswer(span: Span, status: number, code?: string): void {
  span.setAttribute("http.response.status_code", status);
  if (code) span.setAttribute("glance.error_code", code);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
}
