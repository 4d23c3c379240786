/**
 * npm run bench:crawl — a site crawled (issue 44 point 8, D32), on Flask's documentation as Debian
 * ships it (python-flask-doc, served on loopback), at 2 and at 4 pages in flight, in one run:
 *   (a) a bare puppeteer-core crawler, what a customer would write, launched as puppeteer-core 25
 *       launches (the spare renderer and the pop-up UI off: "tuned", D30): one warm Chromium, N workers
 *       over the same list of pages Glance crawled, each page a fresh context, goto (load), the
 *       same scroll-through, then the same extraction script (Markdown, links, metadata) in the page;
 *   (b) POST /v1/crawl through the real route handler and this process's job workers (the
 *       in-process queue, real PostgreSQL): key auth, quota, the boundary, a job per page, links
 *       read and scoped, pages and their results written, until the crawl has ended.
 * Pages per minute: pages over the whole run's wall-clock. CPU: this process and every process
 * under it (both Chromiums and their helpers), from /proc, over the whole run, per page.
 * And (c) GET /v1/map of a site whose sitemap lists 1,000 URLs (sitemap=only: no page fetched),
 * median of 5. Targets (the issue's): (b) ≥ 0.9 × (a) in pages/min, ≤ 1.1 × (a) in CPU per page;
 * (c) < 2 s. `--quick`: 2 in flight only, printed, not recorded.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cpuSince, totalOf, treeCpu } from "./support/proc-cpu";
import { rerunUnderReactServer } from "./support/react-server";
import { TUNED_FEATURES } from "./support/real-pages";
import { replaceSection } from "./support/results-file";
import { median } from "./support/stats";

const HERE = path.dirname(fileURLToPath(import.meta.url));
rerunUnderReactServer(import.meta.url);

const QUICK = process.argv.includes("--quick");
const IN_FLIGHT = QUICK ? [2] : [2, 4];
const PAGES = QUICK ? 12 : 40;
const CHROMIUM = "/usr/lib/chromium/chromium";
const BARE_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-background-networking", "--no-first-run"];
const ROOT = "/usr/share/doc/python-flask-doc/html/";

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  pages: number;
  seconds: number;
  cpuSeconds: number;
}

/** Wall-clock and CPU (this process's tree) of `work`, which answers how many pages it did. */
async function measure(work: () => Promise<number>): Promise<Run> {
  const before = treeCpu(process.pid);
  const started = performance.now();
  const pages = await work();
  const seconds = (performance.now() - started) / 1000;
  return { pages, seconds, cpuSeconds: totalOf(cpuSince(before, treeCpu(process.pid))) };
}

const perMinute = (r: Run) => (r.pages / r.seconds) * 60;
const cpuPerPage = (r: Run) => r.cpuSeconds / r.pages;

async function main() {
  const { ensureDebianDocs } = await import("@/tests/support/debian-docs");
  ensureDebianDocs(["python-flask-doc"]);
  const { serveSite } = await import("@/tests/support/site-server");
  const overlay = await mkdtemp(path.join(os.tmpdir(), "glance-bench-crawl-"));
  const site = await serveSite({ root: ROOT, overlay });
  // The map's site: a sitemap of 1,000 of the site's URLs (listed, never fetched with sitemap=only).
  const listed = Array.from({ length: 1000 }, (_, i) => `${site.origin}/section-${Math.floor(i / 50)}/page-${i}.html`);
  await writeFile(
    path.join(overlay, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed.map((u) => `<url><loc>${u}</loc></url>`).join("")}</urlset>`,
  );

  const { useTestEnv } = await import("@/tests/support/env");
  const env = await useTestEnv({
    database: "postgres",
    extra: { ALLOW_PRIVATE_ORIGINS: site.origin, LOG_LEVEL: "silent" },
  });
  const { reloadEnv } = await import("@/lib/env");
  const { createTestAccount } = await import("@/tests/support/api");
  const { startJobWorkers, stopJobWorkers } = await import("@/lib/jobs/worker");
  const { CRAWL_PAGE } = await import("@/lib/jobs/store");
  const { crawlPageKind } = await import("@/lib/crawl/run");
  const { findCrawl, crawlPagesInOrder } = await import("@/lib/crawl/store");
  const { POST } = await import("@/app/v1/crawl/route");
  const mapRoute = await import("@/app/v1/map/route");
  const { shutdownBrowsers, warmUp, Deadline } = await import("@/lib/browser");
  const { extractionSource } = await import("@/lib/content/page-script");
  const { scrollThrough } = await import("@/lib/page/page-scripts");
  const puppeteer = (await import("puppeteer-core")).default;
  const source = extractionSource();

  const glanceCrawl = async (inFlight: number): Promise<{ run: Run; urls: string[] }> => {
    const account = await createTestAccount({ plan: "business" }); // nothing cached: every page a render
    let id = "";
    const run = await measure(async () => {
      const response = await POST(
        new Request("http://localhost:3000/v1/crawl", {
          method: "POST",
          headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
          body: JSON.stringify({ url: site.url("/index.html"), depth: 3, limit: PAGES, sitemap: "skip" }),
        }),
      );
      if (response.status !== 202) throw new Error(`crawl answered ${response.status}: ${await response.text()}`);
      id = ((await response.json()) as { id: string }).id;
      while ((await findCrawl(id, account.userId))?.status === "running") await pause(50);
      const pages = await crawlPagesInOrder(id, PAGES);
      const failed = pages.filter((p) => p.status !== "completed");
      if (failed.length) throw new Error(`${failed.length} pages did not complete at ${inFlight} in flight`);
      return pages.length;
    });
    return { run, urls: (await crawlPagesInOrder(id, PAGES)).map((p) => p.url) };
  };

  const bareCrawl = async (urls: string[], inFlight: number): Promise<Run> => {
    // A fresh array: puppeteer-core takes --disable-features out of the one it is given.
    const args = [...BARE_ARGS, TUNED_FEATURES];
    const bare = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, pipe: true, args });
    try {
      const warm = await bare.newPage();
      await warm.goto(site.url("/index.html"));
      await warm.close();
      return await measure(async () => {
        const queue = [...urls];
        const worker = async () => {
          for (let url = queue.shift(); url; url = queue.shift()) {
            const context = await bare.createBrowserContext();
            try {
              const tab = await context.newPage();
              await tab.setViewport({ width: 1280, height: 800 });
              await tab.goto(url, { waitUntil: "load", timeout: 60_000 });
              await scrollThrough(tab, 16_384);
              const call = JSON.stringify({
                formats: ["markdown", "links", "metadata"],
                onlyMainContent: true,
                maxChars: 5_000_000,
              });
              const out = (await tab.evaluate(`${source}\n;glanceExtract(${call});`)) as { markdown?: string };
              if (!out.markdown) throw new Error(`bare extraction of ${url} gave no Markdown`);
            } finally {
              await context.close();
            }
          }
        };
        await Promise.all(Array.from({ length: inFlight }, worker));
        return urls.length;
      });
    } finally {
      await bare.close();
    }
  };

  const rows: Array<{ inFlight: number; a: Run; b: Run }> = [];
  for (const inFlight of IN_FLIGHT) {
    await stopJobWorkers();
    await shutdownBrowsers();
    Object.assign(process.env, {
      // One render slot more than pages in flight: one account holds at most all slots but one (D17).
      BROWSER_CONCURRENCY: String(inFlight + 1),
      JOBS_CONCURRENCY: String(inFlight),
      JOBS_ACCOUNT_CONCURRENCY: String(inFlight),
    });
    reloadEnv();
    await startJobWorkers({ [CRAWL_PAGE]: crawlPageKind });
    await warmUp(new Deadline(60_000), { waitForSpares: true });
    console.log(`${inFlight} in flight: Glance crawl…`);
    const { run: b, urls } = await glanceCrawl(inFlight);
    console.log(`${inFlight} in flight: bare puppeteer-core over the same ${urls.length} pages…`);
    const a = await bareCrawl(urls, inFlight);
    rows.push({ inFlight, a, b });
  }

  const account = await createTestAccount({ plan: "business" });
  const mapTimes: number[] = [];
  let mapped = 0;
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const query = new URLSearchParams({ url: site.url("/index.html"), sitemap: "only", limit: "5000" });
    const response = await mapRoute.GET(
      new Request(`http://localhost:3000/v1/map?${query}`, { headers: { "X-API-Key": account.apiKey } }),
    );
    const body = (await response.json()) as { urls?: string[] };
    if (i > 0) mapTimes.push(performance.now() - started); // the first warms the modules
    mapped = body.urls?.length ?? 0;
  }

  await stopJobWorkers();
  await shutdownBrowsers();
  await site.close();
  await rm(overlay, { recursive: true, force: true });
  await env.cleanup();

  const table = [
    "| in flight | (a) bare puppeteer-core: pages/min · CPU s/page | (b) POST /v1/crawl: pages/min · CPU s/page | (b)/(a) pages/min | (b)/(a) CPU/page |",
    "|---|---|---|---|---|",
    ...rows.map(
      ({ inFlight, a, b }) =>
        `| ${inFlight} | ${round(perMinute(a))} · ${round(cpuPerPage(a), 2)} (${a.pages} pages, ${round(a.seconds, 1)} s) | ${round(perMinute(b))} · ${round(cpuPerPage(b), 2)} (${b.pages} pages, ${round(b.seconds, 1)} s) | ${round(perMinute(b) / perMinute(a), 2)} | ${round(cpuPerPage(b) / cpuPerPage(a), 2)} |`,
    ),
    "",
    // The answer lists the start URL too: 1,001 URLs.
    `| map of a 1,000-URL sitemap (sitemap=only), median of 5 | ${round(median(mapTimes))} ms for ${mapped} URLs |`,
    "|---|---|",
  ];
  const load = os.loadavg()[0];
  const text = [
    `Last run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, \`npm run bench:crawl\`, ${PAGES} pages of python-flask-doc per run, on this project's 2-core machine (load average ${round(load, 1)} at the end: other work shares the cores, so compare the rows of one run).`,
    "",
    ...table,
    "",
    "| target | value | met |",
    "|---|---|---|",
    ...rows.map(
      ({ inFlight, a, b }) =>
        `| (b) ≥ 0.9 × (a) pages/min at ${inFlight} in flight | ${round(perMinute(b) / perMinute(a), 2)} | ${perMinute(b) >= 0.9 * perMinute(a) ? "yes" : "**no**"} |`,
    ),
    ...rows.map(
      ({ inFlight, a, b }) =>
        `| (b) ≤ 1.1 × (a) CPU per page at ${inFlight} in flight | ${round(cpuPerPage(b) / cpuPerPage(a), 2)} | ${cpuPerPage(b) <= 1.1 * cpuPerPage(a) ? "yes" : "**no**"} |`,
    ),
    `| (c) map of 1,000 URLs < 2 s | ${round(median(mapTimes))} ms | ${median(mapTimes) < 2000 && mapped >= 1000 ? "yes" : "**no**"} |`,
  ].join("\n");
  console.log(text);
  if (!QUICK) await replaceSection(path.join(HERE, "RESULTS.md"), "crawl-bench", text, "Site crawl (issue 44)");
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
