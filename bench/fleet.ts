/**
 * npm run bench:fleet — does the fleet scale? One run, the same work for every row: distinct
 * pages whose server answers after ~1 s (I/O-bound work that fits 2 cores), each captured to PNG.
 *   (a) 1 app instance + 1 remote Chromium
 *   (b) 1 app instance + 2 remote Chromiums
 *   (c) 2 app instances + 2 remote Chromiums (every instance knows both browsers)
 *   (d) peer baseline: browserless's own REST API (POST /chromium/screenshot), same pages, same
 *       concurrency, no Glance in the path
 * App instances are tests/support/instance-child.ts processes: the service's lib/browser (admission
 * queue, per-context guard, round-robin over BROWSER_WS_ENDPOINT) without HTTP, keys or cache, so
 * the rows compare the fleet, not the API layer (bench:screenshot measures that).
 * Scaling ratio = a row's renders/s over (a)'s. No target: the figures are recorded, with a
 * reading, in bench/RESULTS.md (fleet section). `--quick`: few pages, printed only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RENDER_DISABLED_FEATURES } from "../lib/browser/render-features";
import { type AppInstance, startInstance } from "../tests/support/instance";
import { freePort, type RemoteBrowser, startBrowserless, startPlainChromium } from "../tests/support/remote-browsers";
import { replaceSection } from "./support/results-file";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const QUICK = process.argv.includes("--quick");
const PAGES = QUICK ? 12 : 48;
const IN_FLIGHT = 8;
const SERVER_DELAY_MS = 1_000;
const BROWSERLESS_TOKEN = "bench-fleet-token";
/** The instances' render slots: the environment's, else lib/env's default. */
const SLOTS = Number(process.env.BROWSER_CONCURRENCY ?? 4);

interface RowResult {
  label: string;
  ok: number;
  failed: number;
  /** Why the failed ones failed (error code → count). */
  reasons: Record<string, number>;
  wallMs: number;
  latencies: number[];
}

/** Pages that answer after SERVER_DELAY_MS, each with its own path so no cache can help. */
async function startSlowSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(
        `<!doctype html><title>${req.url}</title><body style="font:24px sans-serif;background:#eef"><h1>Page ${req.url}</h1><p>${"Lorem ipsum dolor sit amet. ".repeat(40)}</p></body>`,
      );
    }, SERVER_DELAY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs `work(i)` for i in 0..PAGES-1 with IN_FLIGHT at a time; times each and the whole. `work` answers true or why not. */
async function drive(label: string, work: (i: number) => Promise<true | string>): Promise<RowResult> {
  const latencies: number[] = [];
  const reasons: Record<string, number> = {};
  let ok = 0;
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < PAGES) {
      const i = next++;
      const t0 = performance.now();
      const outcome = await work(i).catch((error: unknown) => String(error));
      if (outcome === true) {
        ok++;
        latencies.push(performance.now() - t0);
      } else {
        failed++;
        reasons[outcome] = (reasons[outcome] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { label, ok, failed, reasons, wallMs: performance.now() - started, latencies };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function fleetRow(
  label: string,
  tag: string,
  siteOrigin: string,
  browsers: RemoteBrowser[],
  instanceCount: number,
): Promise<RowResult> {
  const endpoints = browsers.map((b) => b.endpoint).join(",");
  const instances: AppInstance[] = [];
  try {
    for (let n = 0; n < instanceCount; n++) {
      instances.push(await startInstance({ BROWSER_WS_ENDPOINT: endpoints, ALLOW_PRIVATE_ORIGINS: siteOrigin }));
    }
    // One warm-up render per instance and browser: connections made, spare pages ready.
    await Promise.all(
      instances.flatMap((instance, n) =>
        browsers.map((_, b) => instance.render(`${siteOrigin}/warm-${tag}-${n}-${b}`, { screenshot: true })),
      ),
    );
    return await drive(label, async (i) => {
      const answer = await instances[i % instances.length].render(`${siteOrigin}/${tag}-${i}`, { screenshot: true });
      return answer.ok && answer.text?.startsWith("png ") ? true : (answer.error ?? "not a png");
    });
  } finally {
    for (const instance of instances) instance.child.kill("SIGKILL");
  }
}

async function browserlessRow(siteOrigin: string): Promise<RowResult> {
  const port = await freePort();
  const browserless = await startBrowserless({ port, token: BROWSERLESS_TOKEN, concurrent: IN_FLIGHT });
  const shoot = async (pagePath: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/chromium/screenshot?token=${BROWSERLESS_TOKEN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${siteOrigin}${pagePath}`, options: { type: "png" } }),
    });
    const body = Buffer.from(await response.arrayBuffer());
    return response.ok && body.subarray(1, 4).toString() === "PNG" ? true : `http ${response.status}`;
  };
  try {
    await shoot("/warm-browserless");
    return await drive("(d) browserless REST /chromium/screenshot (peer baseline)", (i) => shoot(`/browserless-${i}`));
  } finally {
    await browserless.stop();
  }
}

function table(rows: RowResult[]): string {
  const base = rows[0].ok / (rows[0].wallMs / 1000);
  const lines = [
    `| Setup | renders/s | p50 | p95 | failed | vs (a) |`,
    `|---|---|---|---|---|---|`,
    ...rows.map((r) => {
      const rate = r.ok / (r.wallMs / 1000);
      const why = Object.entries(r.reasons)
        .map(([reason, n]) => `${n} ${reason}`)
        .join(", ");
      return `| ${r.label} | ${rate.toFixed(2)} | ${Math.round(percentile(r.latencies, 50))} ms | ${Math.round(percentile(r.latencies, 95))} ms | ${r.failed}${why ? ` (${why})` : ""} | ${(rate / base).toFixed(2)}× |`;
    }),
  ];
  return lines.join("\n");
}

async function main() {
  const site = await startSlowSite();
  const browsers: RemoteBrowser[] = [];
  const rows: RowResult[] = [];
  try {
    // Started as the README's remote recipe asks: without the browser UI no capture shows (D30).
    const flags = [`--disable-features=${RENDER_DISABLED_FEATURES.join(",")}`];
    for (let n = 0; n < 2; n++) browsers.push(await startPlainChromium(await freePort(), flags));
    rows.push(await fleetRow("(a) 1 instance + 1 browser", "a", site.origin, browsers.slice(0, 1), 1));
    rows.push(await fleetRow("(b) 1 instance + 2 browsers", "b", site.origin, browsers, 1));
    rows.push(await fleetRow("(c) 2 instances + 2 browsers", "c", site.origin, browsers, 2));
  } finally {
    for (const browser of browsers) await browser.stop();
  }
  rows.push(await browserlessRow(site.origin));
  await site.close();

  const when = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const markdown = [
    `Last run: ${when}, \`npm run bench:fleet\`, on this project's 2-core machine (every instance and browser shares its cores).`,
    `Work per row: ${PAGES} distinct pages, each answered by its server after ${SERVER_DELAY_MS} ms, captured to PNG, ${IN_FLIGHT} in flight.`,
    // One caller holds at most all slots but one (D17), and the driver is one caller per instance.
    `Each instance: BROWSER_CONCURRENCY=${SLOTS}, so at most ${Math.max(1, SLOTS - 1)} of its renders run at once whatever the number of browsers.`,
    "",
    table(rows),
  ].join("\n");
  console.log(`\n${markdown}\n`);
  if (!QUICK)
    await replaceSection(
      path.join(ROOT, "bench/RESULTS.md"),
      "fleet-bench",
      markdown,
      "Remote browser fleet (`npm run bench:fleet`)",
    );
}

await main();
process.exit(0);
