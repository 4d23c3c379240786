/**
 * The metrics' registry (D40): one per process whichever copy of the module asks, the exposition
 * text Prometheus reads, and a Grafana dashboard (docker/grafana-dashboard.json) that names only
 * metrics the registry has and shows every one of Glance's own.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { describeMetrics, exposition, metrics, observe } from "@/lib/observability/metrics";

describe("the registry", () => {
  it("is one per process: a second copy of the module finds the first's", async () => {
    metrics().browserLaunches.inc();
    vi.resetModules();
    const copy = await import("@/lib/observability/metrics");
    expect(copy.metrics()).toBe(metrics());
    expect(await copy.exposition()).toMatch(/^glance_browser_launches_total [1-9]/m);
  });

  it("reads the gauges from what was wired in, at scrape time", async () => {
    observe({ renderLoad: () => ({ running: 3, waiting: 5 }), jobStates: async () => ({ queued: 7 }) });
    const text = await exposition();
    expect(text).toMatch(/^glance_renders_in_flight 3$/m);
    expect(text).toMatch(/^glance_renders_queued 5$/m);
    expect(text).toMatch(/^glance_jobs\{state="queued"\} 7$/m);
    expect(text).toMatch(/^glance_jobs\{state="failed"\} 0$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });
});

describe("docker/grafana-dashboard.json", () => {
  const dashboard = JSON.parse(readFileSync(path.resolve("docker/grafana-dashboard.json"), "utf8")) as {
    panels: Array<{ targets: Array<{ expr: string }> }>;
  };
  const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
  const named = new Set(exprs.flatMap((e) => [...e.matchAll(/\b((?:glance|process|nodejs)_\w+)/g)].map((m) => m[1])));
  const registered = async () => new Set((await metrics().registry.getMetricsAsJSON()).map((m) => m.name as string));

  it("names only metrics the registry exports", async () => {
    const known = await registered();
    const histogramSeries = (name: string) => name.replace(/_(bucket|sum|count)$/, "");
    for (const name of named) expect(known.has(name) || known.has(histogramSeries(name)), name).toBe(true);
  });

  it("shows every one of Glance's own metrics", () => {
    const shown = new Set([...named].map((n) => n.replace(/_bucket$/, "")));
    for (const { name } of describeMetrics()) expect(shown, name).toContain(name);
  });
});
