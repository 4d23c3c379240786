/**
 * Traces with tracing off (D40): no SDK, the API's no-op tracer, yet the caller's traceparent's
 * trace id still reaches the request log; and the scrubbing every exported span goes through.
 */
import { trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { inRequestSpan, inSpan } from "@/lib/observability/tracing";
import { scrubbed } from "@/lib/observability/tracing-sdk";

describe("tracing off", () => {
  it("records nothing: spans are the no-op tracer's", async () => {
    const span = await inSpan("glance.test", async (s) => s);
    expect(span.isRecording()).toBe(false);
    expect(trace.getTracerProvider().getTracer("x").startSpan("y").isRecording()).toBe(false);
  });

  it("keeps the trace id of a well-formed traceparent for the request log", async () => {
    const id = "4bf92f3577b34da6a3ce929d0e0e4736";
    const traced = new Request("http://x/v1/screenshot", {
      headers: { traceparent: `00-${id}-00f067aa0ba902b7-01` },
    });
    expect(await inRequestSpan(traced, {}, async (_span, traceId) => traceId)).toBe(id);
  });

  it("keeps none of a malformed or all-zero traceparent, or none at all", async () => {
    for (const traceparent of ["00-xyz-00f067aa0ba902b7-01", `00-${"0".repeat(32)}-00f067aa0ba902b7-01`, ""]) {
      const request = new Request("http://x/", { headers: traceparent ? { traceparent } : {} });
      expect(await inRequestSpan(request, {}, async (_span, traceId) => traceId), traceparent).toBeUndefined();
    }
  });

  it("ends a span whose work failed, and passes the failure on", async () => {
    await expect(inSpan("glance.test", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});

describe("scrubbed", () => {
  it("cuts keys, signatures and URL credentials out of span names and attributes", () => {
    const key = `sk_live_${"a".repeat(32)}`;
    expect(scrubbed(`GET /v1/screenshot?url=x&api_key=${key}`)).toBe("GET /v1/screenshot?url=x&api_key=[redacted]");
    expect(scrubbed(`/v1/og?signature=abc123&key_id=k`)).toBe("/v1/og?signature=[redacted]&key_id=k");
    expect(scrubbed(`in ${key} text`)).not.toContain("a".repeat(32));
    expect(scrubbed("http://user:secret@proxy.example:8080/x")).toBe("http://[redacted]@proxy.example:8080/x");
    expect(scrubbed("/v1/screenshot?proxy=http%3A%2F%2Fuser%3Asecret%40proxy.example%3A8080&url=x")).toBe(
      "/v1/screenshot?proxy=http%3A%2F%2F[redacted]%40proxy.example%3A8080&url=x",
    );
    const plain = "/v1/screenshot?url=https%3A%2F%2Fexample.com%2Fa&b=%40c";
    expect(scrubbed(plain)).toBe(plain);
  });
});
