/**
 * npm run bench:realpages-parts — where Glance's extra CPU on real pages goes inside Chromium
 * (#26 point 3, D30). The same fourteen Debian documentation pages as bench:realpages, captured by
 * puppeteer-core alone (no Glance server, no HTTP API) in six ways, each on a Chromium of its own:
 *   bare     a new context per capture, goto (load), document.fonts.ready, PNG — bench:realpages' bare;
 *   proxied  the same, with each context behind Glance's guard proxy (lib/net, D9/D16);
 *   glance   Glance's own fresh pages (lib/browser's SparePages: its launch flags, the guard proxy,
 *            request interception, the desktop user agent, the service-worker block, downloads
 *            denied) and its capture options, made on demand, closed as a render closes them;
 *   spare1   the same pages made ahead, one kept ready (taken by a capture, the next one made after
 *            it);
 *   spare2   two kept ready, so one more fresh page is alive in the browser during every capture
 *            (what lib/browser did until D30 measured it here; it now makes none by default).
 *   pipeline Glance's whole render in this process, without the HTTP server: renderScreenshot
 *            (lib/screenshot/render.ts) on lib/browser's own Chromium — the render slots, its
 *            fresh page (BROWSER_SPARE_PAGES of them made ahead), the dialogs, page facts, the
 *            metrics check after each render (D17), the encode step — as GET /v1/screenshot?url&
 *            width=1280&height=800&format=png does.
 * Rounds alternate the order. Each phase counts the Chromium process tree's CPU from /proc over
 * the phase and until it is idle, and this process's (the guard proxy and the docs server live
 * here). Prints CPU-s per render by way and by process kind; not recorded (one-off diagnosis).
 * `--rounds=N` (default 4), `--in-flight=N` (default 1).
 */
import os from "node:os";
import type { Browser } from "puppeteer-core";
import { cpuSince, type CpuByKind, totalOf, treeCpu, untilIdle } from "./support/proc-cpu";
import { rerunUnderReactServer } from "./support/react-server";
import { BARE_ARGS, BARE_CHROMIUM, FONTS_READY, REAL_PAGE_PACKAGES, REAL_PAGES } from "./support/real-pages";

rerunUnderReactServer(import.meta.url);

const ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 4);
/** `--in-flight=N`: captures at once in each way (default 1, one after another). */
const IN_FLIGHT = Number(process.argv.find((a) => a.startsWith("--in-flight="))?.split("=")[1] ?? 1);
const ALL_WAYS = ["bare", "proxied", "glance", "spare1", "spare2", "pipeline"] as const;
type Way = (typeof ALL_WAYS)[number];
/** `--ways=glance,pipeline`: only those (a quicker comparison of two). */
const WAYS = (process.argv
  .find((a) => a.startsWith("--ways="))
  ?.split("=")[1]
  ?.split(",") ?? ALL_WAYS) as Way[];

async function main() {
  const { ensureDebianDocs, serveDebianDocs } = await import("@/tests/support/debian-docs");
  ensureDebianDocs(REAL_PAGE_PACKAGES);
  const docs = await serveDebianDocs();
  const { useTestEnv } = await import("@/tests/support/env");
  await useTestEnv({ database: "embedded", extra: { ALLOW_PRIVATE_ORIGINS: docs.origin, LOG_LEVEL: "silent" } });
  const puppeteer = (await import("puppeteer-core")).default;
  const { contextBoundary } = await import("@/lib/net/chromium");
  const { LocalBrowserSource } = await import("@/lib/browser/local");
  const { Deadline } = await import("@/lib/browser/deadline");
  const { SparePages, retire } = await import("@/lib/browser/spares");
  const { withPage } = await import("@/lib/browser");
  const { renderScreenshot } = await import("@/lib/screenshot/render");
  const { planCapture } = await import("@/lib/screenshot/plan");
  const { screenshotParams } = await import("@/lib/screenshot/params");
  const planFor = (url: string) => {
    const given = { url, width: "1280", height: "800", format: "png" };
    return planCapture(screenshotParams.parse(given), new Set(Object.keys(given)));
  };

  const launchBare = () =>
    puppeteer.launch({ executablePath: BARE_CHROMIUM, headless: true, pipe: true, args: BARE_ARGS });
  const sources = {
    glance: new LocalBrowserSource(),
    spare1: new LocalBrowserSource(),
    spare2: new LocalBrowserSource(),
  };
  const browsers: Record<Way, Browser> = {
    bare: await launchBare(),
    proxied: await launchBare(),
    glance: await sources.glance.acquire(new Deadline(60_000)),
    spare1: await sources.spare1.acquire(new Deadline(60_000)),
    spare2: await sources.spare2.acquire(new Deadline(60_000)),
    pipeline: await withPage(new Deadline(60_000), async ({ browser }) => browser),
  };
  const spares = {
    glance: new SparePages(0), // made on demand: the phase pays for every page it uses
    spare1: new SparePages(1),
    spare2: new SparePages(2),
  };
  const pages = Object.values(REAL_PAGES);
  let serial = 0;

  async function capture(way: Way, url: string) {
    if (way === "pipeline") {
      await renderScreenshot(planFor(url), new Deadline(60_000));
      return;
    }
    if (way === "glance" || way === "spare1" || way === "spare2") {
      const fresh = await spares[way].take(browsers[way]);
      await fresh.page.goto(url, { waitUntil: "load", timeout: 60_000 });
      await fresh.page.evaluate(FONTS_READY);
      await fresh.page.screenshot({ type: "png", optimizeForSpeed: true, captureBeyondViewport: false });
      await retire(fresh);
      spares[way].refill(browsers[way]); // as lib/browser refills after a render
      return;
    }
    const context = await browsers[way].createBrowserContext(way === "proxied" ? await contextBoundary() : {});
    const tab = await context.newPage();
    await tab.setViewport({ width: 1280, height: 800 });
    await tab.goto(url, { waitUntil: "load", timeout: 60_000 });
    await tab.evaluate(FONTS_READY);
    await tab.screenshot({ type: "png" });
    await context.close();
  }

  const results: Record<Way, { chromium: CpuByKind; own: number }[]> = Object.fromEntries(
    ALL_WAYS.map((way) => [way, []]),
  ) as unknown as Record<Way, { chromium: CpuByKind; own: number }[]>;
  async function phase(way: Way, record: boolean) {
    const root = browsers[way].process()!.pid!;
    await untilIdle(() => treeCpu(root));
    const before = treeCpu(root);
    const ownBefore = process.cpuUsage();
    const queue = [...pages];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await capture(way, `${docs.url(next)}?p=${process.pid}-${++serial}`);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await untilIdle(() => treeCpu(root));
    const own = process.cpuUsage(ownBefore);
    if (record) results[way].push({ chromium: cpuSince(before, treeCpu(root)), own: (own.user + own.system) / 1e6 });
  }

  for (const way of WAYS) await phase(way, false); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of round % 2 ? [...WAYS].reverse() : WAYS) await phase(way, true);
  }

  const perRender = (sum: number) => sum / (ROUNDS * pages.length);
  const kinds = [...new Set(WAYS.flatMap((w) => results[w].flatMap((r) => Object.keys(r.chromium))))];
  console.log(
    `\n${new Date().toISOString()}, ${pages.length} pages × ${ROUNDS} rounds per way, ${IN_FLIGHT} in flight, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end\n`,
  );
  console.log(`| CPU-s per render | ${WAYS.join(" | ")} |\n|---|${WAYS.map(() => "---|").join("")}`);
  const row = (label: string, value: (way: Way) => number) =>
    console.log(`| ${label} | ${WAYS.map((w) => perRender(value(w)).toFixed(3)).join(" | ")} |`);
  row("Chromium, whole tree", (w) => results[w].reduce((t, r) => t + totalOf(r.chromium), 0));
  for (const kind of kinds)
    row(`  ${kind}`, (w) => results[w].reduce((t, r) => t + (r.chromium[kind as keyof CpuByKind] ?? 0), 0));
  row("this process (guard proxy, docs server, puppeteer)", (w) => results[w].reduce((t, r) => t + r.own, 0));

  const { shutdownBrowsers } = await import("@/lib/browser");
  await Promise.all([
    browsers.bare.close(),
    browsers.proxied.close(),
    ...Object.values(sources).map((source) => source.close()),
    shutdownBrowsers(),
  ]);
  await docs.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
