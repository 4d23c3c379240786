/**
 * Metrics and traces (issue 48, D40) through the production server (scripts/server.ts, the built
 * app): the metrics registry is one per process although Next bundles lib/observability into
 * every route and instrumentation.ts, so renders served by /v1/screenshot's bundle, a job's and a
 * monitor's runs (the workers started by instrumentation.ts) and a webhook's delivery must all show
 * in /metrics's bundle, by exactly the amounts that happened. Traces go to a real OTLP/HTTP
 * receiver (tests/e2e/support/observe-stand.ts), decoded there; the caller's traceparent sets the
 * trace, and the request log keeps its id.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { e2e } from "../support";
import {
  createAccount,
  dbQuery,
  type Families,
  hooksUrl,
  metricsToken,
  observeStand,
  type ReceivedSpan,
  sample,
} from "../support/observe-stand";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const stand = observeStand();
const page = (tag: string) => `${e2e.fixturesUrl}/index.html?${tag}=${randomBytes(4).toString("hex")}`;

async function shoot(apiKey: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${stand.url}/v1/screenshot?${new URLSearchParams(params)}`, {
    headers: { "X-API-Key": apiKey, ...headers },
  });
  await response.arrayBuffer();
  return response;
}

test("GET /metrics answers only the bearer of METRICS_TOKEN, in Prometheus's text format", async () => {
  for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${metricsToken}`, metricsToken]) {
    const response = await fetch(`${stand.url}/metrics`, authorization ? { headers: { authorization } } : {});
    expect(response.status, String(authorization)).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  }
  const response = await fetch(`${stand.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = await stand.scrape();
  const names = new Set(families.map((f) => f.name));
  for (const name of [
    "glance_requests_total",
    "glance_renders_total",
    "glance_render_duration_seconds",
    "glance_render_queue_wait_seconds",
    "glance_renders_in_flight",
    "glance_renders_queued",
    "glance_browser_launches_total",
    "glance_browser_crashes_total",
    "glance_browser_recycles_total",
    "glance_jobs",
    "glance_jobs_finished_total",
    "glance_monitor_runs_total",
    "glance_webhook_deliveries_total",
    "glance_cache_lookups_total",
    // Process metrics.
    "process_cpu_user_seconds_total",
    "process_resident_memory_bytes",
    "nodejs_eventloop_lag_seconds",
    "nodejs_heap_size_used_bytes",
  ])
    expect(names, name).toContain(name);
  expect(sample(families, "glance_jobs", { state: "queued" })).toBe(0);
});

test("renders, cache lookups, requests, jobs, a monitor run and a webhook move the counters by exactly what happened", async () => {
  const { apiKey } = await createAccount();
  const before = await stand.scrape();
  const png = page("png");
  expect((await shoot(apiKey, { url: png })).headers.get("x-cache")).toBe("MISS");
  expect((await shoot(apiKey, { url: png })).headers.get("x-cache")).toBe("HIT");
  expect((await shoot(apiKey, { url: page("jpg"), format: "jpg" })).status).toBe(200);
  expect((await shoot(apiKey, { url: page("bad"), width: "99999" })).status).toBe(400);
  // A job with a webhook, and a monitor's first run: both run on the workers instrumentation.ts started.
  const job = await fetch(`${stand.url}/v1/jobs`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: "screenshot", params: { url: page("job") }, webhookUrl: `${hooksUrl}/job` }),
  });
  expect(job.status, await job.clone().text()).toBe(202);
  const monitor = await fetch(`${stand.url}/v1/monitors`, {
    method: "POST",
    headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ url: page("monitor"), interval: 86_400 }),
  });
  expect(monitor.status, await monitor.clone().text()).toBe(201);
  // A new monitor runs at once (its baseline), then a day later: one run here.
  await expect.poll(() => stand.hooks.filter((h) => h.type === "job.succeeded").length, { timeout: 60_000 }).toBe(1);
  let after: Families = before;
  await expect
    .poll(
      async () => {
        after = await stand.scrape();
        return sample(after, "glance_monitor_runs_total", { state: "succeeded" });
      },
      { timeout: 60_000 },
    )
    .toBe(sample(before, "glance_monitor_runs_total", { state: "succeeded" }) + 1);
  // The webhook's attempt is counted after its receiver answered: poll it too.
  await expect
    .poll(async () =>
      sample((after = await stand.scrape()), "glance_webhook_deliveries_total", { outcome: "delivered" }),
    )
    .toBe(sample(before, "glance_webhook_deliveries_total", { outcome: "delivered" }) + 1);

  const moved = (name: string, labels: Record<string, string>, of?: "count") =>
    sample(after, name, labels, of) - sample(before, name, labels, of);
  const ok = { endpoint: "screenshot", outcome: "ok" };
  // png: the request's MISS, the job's and the monitor's run; jpg: one.
  expect(moved("glance_renders_total", { ...ok, format: "png" })).toBe(3);
  expect(moved("glance_renders_total", { ...ok, format: "jpg" })).toBe(1);
  expect(moved("glance_render_duration_seconds", ok, "count")).toBe(4);
  expect(moved("glance_render_queue_wait_seconds", {}, "count")).toBe(4);
  expect(moved("glance_cache_lookups_total", { endpoint: "screenshot", result: "miss" })).toBe(4);
  expect(moved("glance_cache_lookups_total", { endpoint: "screenshot", result: "hit" })).toBe(1);
  expect(moved("glance_requests_total", { endpoint: "screenshot", status: "200" })).toBe(3);
  expect(moved("glance_requests_total", { endpoint: "screenshot", status: "400" })).toBe(1);
  expect(moved("glance_requests_total", { endpoint: "jobs", status: "202" })).toBe(1);
  expect(moved("glance_jobs_finished_total", { kind: "screenshot", state: "succeeded" })).toBe(1);
  expect(moved("glance_jobs_finished_total", { kind: "monitor", state: "succeeded" })).toBe(1);
  expect(moved("glance_jobs", { state: "succeeded" })).toBe(2);
  expect(sample(after, "glance_browser_launches_total")).toBeGreaterThanOrEqual(1);
  expect(sample(after, "glance_browser_crashes_total")).toBe(0);
  expect(sample(after, "glance_renders_in_flight")).toBe(0);
});

const spanNamed = (spans: ReceivedSpan[], name: string) => {
  const found = spans.filter((s) => s.name === name);
  expect(
    found.map((s) => s.name),
    `one ${name} among ${spans.map((s) => s.name).join(", ")}`,
  ).toEqual([name]);
  return found[0];
};

/** The span's ancestors' names, nearest first, as far as the trace has them. */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): string[] {
  const names: string[] = [];
  for (let at = span; ;) {
    const parent = spans.find((s) => s.spanId === at.parentSpanId);
    if (!parent) return names;
    names.push(parent.name);
    at = parent;
  }
}

test("a request's spans follow the pipeline, in the caller's trace, whose id the request log keeps; no secret in any span", async () => {
  const { apiKey } = await createAccount();
  const traceId = randomBytes(16).toString("hex");
  const callerSpan = randomBytes(8).toString("hex");
  const response = await shoot(apiKey, { url: page("traced") }, { traceparent: `00-${traceId}-${callerSpan}-01` });
  expect(response.headers.get("x-cache")).toBe("MISS");
  const requestId = response.headers.get("x-request-id");
  // The key in the query string this time: Next's own span is named after the path and query.
  const keyed = await fetch(
    `${stand.url}/v1/screenshot?${new URLSearchParams({ url: page("keyed"), api_key: apiKey })}`,
  );
  expect(keyed.status).toBe(200);

  const of = (id: string) => stand.spans.filter((s) => s.traceId === id);
  await expect.poll(() => of(traceId).map((s) => s.name), { timeout: 30_000 }).toContain("glance.store");
  const spans = of(traceId);
  expect(new Set(spans.map((s) => s.service))).toEqual(new Set(["glance-e2e"]));
  const request = spanNamed(spans, "glance.request");
  // The request's span descends from the caller's span (through Next's own request spans).
  const top = spans.find((s) => !spans.some((p) => p.spanId === s.parentSpanId))!;
  expect(top.parentSpanId).toBe(callerSpan);
  expect([request.name, ...ancestry(spans, request)]).toContain(top.name);
  expect(spanNamed(spans, "glance.auth").parentSpanId).toBe(request.spanId);
  expect(spanNamed(spans, "glance.rate_limit").parentSpanId).toBe(request.spanId);
  const render = spanNamed(spans, "glance.render");
  expect(render.attributes).toMatchObject({ "glance.endpoint": "screenshot", "glance.format": "png" });
  expect(ancestry(spans, render)).toContain("glance.request");
  for (const step of [
    "glance.queue_wait",
    "glance.page_setup",
    "glance.navigate",
    "glance.wait",
    "glance.capture",
    "glance.encode",
  ])
    expect(spanNamed(spans, step).parentSpanId, step).toBe(render.spanId);
  expect(ancestry(spans, spanNamed(spans, "glance.store"))).toContain("glance.request");

  // The request log's line of this request names the same trace.
  await expect
    .poll(
      async () =>
        (
          await dbQuery<{ trace_id: string }>(`SELECT trace_id FROM usage_events WHERE request_id = $1`, [requestId])
        ).map((r) => r.trace_id),
      { timeout: 15_000 },
    )
    .toEqual([traceId]);

  // The keyed request: a trace of its own (no traceparent), its id in the log too, the key nowhere.
  const keyedId = keyed.headers.get("x-request-id");
  let keyedTrace = "";
  await expect
    .poll(
      async () => {
        keyedTrace =
          (await dbQuery<{ trace_id: string }>(`SELECT trace_id FROM usage_events WHERE request_id = $1`, [keyedId]))[0]
            ?.trace_id ?? "";
        return of(keyedTrace).map((s) => s.name);
      },
      { timeout: 30_000 },
    )
    .toContain("glance.store");
  expect(keyedTrace).toMatch(/^[\da-f]{32}$/);
  const everything = JSON.stringify(stand.spans);
  expect(everything).not.toContain(apiKey);
  expect(everything).not.toContain(apiKey.slice(8));
  expect(JSON.stringify(of(keyedTrace))).toContain("api_key=[redacted]");
  expect(
    stand.exportRequests.every((r) => r.path === "/v1/traces" && r.contentType.startsWith("application/json")),
  ).toBe(true);
});
