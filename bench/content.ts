/**
 * npm run bench:content — Markdown of real pages (#28 point 7, D24): six documentation pages that
 * Debian packages ship (installed by the bench, served on loopback), each read in one run by
 *   (a) bare puppeteer-core: a warm browser, a fresh context and page, goto (load), the same
 *       scroll-through, then the same extraction libraries (Readability, Turndown + GFM) and
 *       script evaluated in the page;
 *   (b) GET /v1/content?formats=markdown&fresh=true through the real route handler behind a plain
 *       node:http adapter: key auth, rate limit, quota, target check, guard proxy, render, store.
 * Samples alternate (a, b) page by page after lib/browser is idle. Time is wall-clock per page;
 * CPU is this process plus every process under it (both Chromiums, the guard proxy in-process),
 * from /proc, over each sample and the background work it leaves (Glance's context teardown and
 * next spare page; the bare context is closed inside its sample). Target: (b) ≤ 1.1 × (a) in time and in CPU per page.
 * `--quick`: one round, printed, not recorded.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rerunUnderReactServer } from "./support/react-server";
import { replaceSection } from "./support/results-file";
import { median } from "./support/stats";

const HERE = path.dirname(fileURLToPath(import.meta.url));
rerunUnderReactServer(import.meta.url);

const QUICK = process.argv.includes("--quick");
const ROUNDS = QUICK ? 1 : 3;
const SETTLE_MS = 500;
const CHROMIUM = "/usr/lib/chromium/chromium";
const BARE_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-background-networking", "--no-first-run"];
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const sum = (values: number[]) => values.reduce((t, v) => t + v, 0);
const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU milliseconds of this process and every process under it (Chromium and its helpers, those that ended too). */
function treeCpuMs(): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
      // utime + stime, and cutime + cstime: a renderer that exited is counted in its reaper's.
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 50; p = parents.get(p) ?? 0, hops++) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, t] of ticks) if (pid !== process.pid && inTree(pid)) total += t;
  const own = process.cpuUsage();
  return (total / TICKS_PER_SECOND) * 1000 + (own.user + own.system) / 1000;
}

/**
 * Time: the answer's wall-clock. CPU: that plus `after` — the work the sample leaves behind (for
 * Glance, closing its context and preparing the next spare page, which a warm service does
 * between requests), so the CPU per page covers the whole run, not only the request.
 */
async function measure(run: () => Promise<void>, after?: () => Promise<void>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = treeCpuMs();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  await after?.();
  return { ms, cpuMs: treeCpuMs() - cpu };
}

type Handler = (request: Request) => Promise<Response>;

async function startAppServer(route: Handler) {
  const server = http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await route(new Request(new URL(req.url ?? "/", "http://127.0.0.1"), { headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function main() {
  const { DEBIAN_PAGES, ensureDebianDocs, serveDebianDocs } = await import("@/tests/support/debian-docs");
  ensureDebianDocs();
  const docs = await serveDebianDocs();
  const { useTestEnv } = await import("@/tests/support/env");
  const env = await useTestEnv({
    database: "postgres",
    extra: { ALLOW_PRIVATE_ORIGINS: docs.origin, BROWSER_CONCURRENCY: "1", LOG_LEVEL: "silent" },
  });
  const { createTestAccount } = await import("@/tests/support/api");
  const { GET } = await import("@/app/v1/content/route");
  const { warmUp, shutdownBrowsers, Deadline, quiesce } = await import("@/lib/browser");
  const { extractionSource } = await import("@/lib/content/page-script");
  const { scrollThrough } = await import("@/lib/page/page-scripts");
  const puppeteer = (await import("puppeteer-core")).default;
  const app = await startAppServer(GET);
  const account = await createTestAccount({ plan: "business" });
  const pages = Object.entries(DEBIAN_PAGES);
  const settle = async () => {
    await quiesce();
    await pause(SETTLE_MS);
  };

  const bare = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, pipe: true, args: BARE_ARGS });
  const source = extractionSource();
  const bareMarkdown = async (url: string) => {
    const context = await bare.createBrowserContext();
    try {
      const tab = await context.newPage();
      await tab.setViewport({ width: 1280, height: 800 });
      await tab.goto(url, { waitUntil: "load", timeout: 60_000 });
      await scrollThrough(tab, 16_384);
      const call = JSON.stringify({ formats: ["markdown"], onlyMainContent: true, maxChars: 5_000_000 });
      const out = (await tab.evaluate(`${source}\n;glanceExtract(${call});`)) as { markdown?: string };
      if (!out.markdown) throw new Error(`bare extraction of ${url} gave no Markdown`);
    } finally {
      await context.close();
    }
  };
  const glanceMarkdown = async (url: string) => {
    const response = await fetch(`${app.origin}/v1/content?url=${encodeURIComponent(url)}&fresh=true&timeout=60000`, {
      headers: { "X-API-Key": account.apiKey },
    });
    const body = (await response.json()) as { markdown?: string };
    if (response.status !== 200 || !body.markdown) throw new Error(`content answered ${response.status}`);
  };

  console.log("warming up both browsers…");
  await warmUp(new Deadline(60_000), { waitForSpares: true });
  for (const [, pagePath] of pages.slice(0, 2)) {
    await bareMarkdown(docs.url(pagePath));
    await glanceMarkdown(docs.url(pagePath));
  }

  const a = new Map<string, Array<{ ms: number; cpuMs: number }>>();
  const b = new Map<string, Array<{ ms: number; cpuMs: number }>>();
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`round ${round + 1} of ${ROUNDS}…`);
    for (const [name, pagePath] of pages) {
      const url = docs.url(pagePath);
      await settle();
      a.set(name, [...(a.get(name) ?? []), await measure(() => bareMarkdown(url))]);
      await settle();
      b.set(name, [...(b.get(name) ?? []), await measure(() => glanceMarkdown(url), quiesce)]);
    }
  }
  await bare.close();
  await shutdownBrowsers();
  app.server.close();
  await docs.close();
  await env.cleanup();

  const rows = pages.map(([name]) => {
    const ma = { ms: median(a.get(name)!.map((s) => s.ms)), cpu: median(a.get(name)!.map((s) => s.cpuMs)) };
    const mb = { ms: median(b.get(name)!.map((s) => s.ms)), cpu: median(b.get(name)!.map((s) => s.cpuMs)) };
    return { name, a: ma, b: mb };
  });
  const timeRatio = sum(rows.map((r) => r.b.ms)) / sum(rows.map((r) => r.a.ms));
  const cpuRatio = sum(rows.map((r) => r.b.cpu)) / sum(rows.map((r) => r.a.cpu));
  const table = [
    "| page | (a) bare puppeteer-core: time / CPU | (b) /v1/content: time / CPU |",
    "|---|---|---|",
    ...rows.map(
      (r) => `| ${r.name} | ${round(r.a.ms)} ms / ${round(r.a.cpu)} ms | ${round(r.b.ms)} ms / ${round(r.b.cpu)} ms |`,
    ),
    `| **per page, mean of the medians** | ${round(sum(rows.map((r) => r.a.ms)) / rows.length)} ms / ${round(sum(rows.map((r) => r.a.cpu)) / rows.length)} ms | ${round(sum(rows.map((r) => r.b.ms)) / rows.length)} ms / ${round(sum(rows.map((r) => r.b.cpu)) / rows.length)} ms |`,
  ];
  const targets = [
    "| target | value | met |",
    "|---|---|---|",
    `| (b) ≤ 1.1 × (a), time per page | ${round(timeRatio, 2)} | ${timeRatio <= 1.1 ? "yes" : "**no**"} |`,
    `| (b) ≤ 1.1 × (a), CPU per page | ${round(cpuRatio, 2)} | ${cpuRatio <= 1.1 ? "yes" : "**no**"} |`,
  ];
  const stamp = `Last run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, \`npm run bench:content\`, on this project's 2-core machine; ${ROUNDS} rounds over ${rows.length} pages, medians per page. CPU is the bench process and every process under it (both Chromiums, the in-process guard proxy), read from /proc around each sample.`;
  const markdown = [stamp, "", ...table, "", ...targets].join("\n");
  console.log(markdown);
  if (!QUICK) await replaceSection(path.join(HERE, "RESULTS.md"), "content-bench", markdown, "Markdown of real pages");
  process.exit(timeRatio <= 1.1 && cpuRatio <= 1.1 ? 0 : 1);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
