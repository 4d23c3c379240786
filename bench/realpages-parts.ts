/**
 * npm run bench:realpages-parts — where Glance's extra CPU on real pages goes inside Chromium
 * (#26 point 3, D30). The same fourteen Debian documentation pages as bench:realpages, captured by
 * puppeteer-core alone (no Glance server, no HTTP API) in three ways, each on a Chromium of its own:
 *   bare     a new context per capture, goto (load), document.fonts.ready, PNG — bench:realpages' bare;
 *   proxied  the same, with each context behind Glance's guard proxy (lib/net, D9/D16);
 *   glance   Glance's own fresh pages (lib/browser's SparePages: its launch flags, the guard proxy,
 *            request interception, the desktop user agent, the service-worker block, downloads
 *            denied) and its capture options, closed as a render closes them.
 * Rounds alternate the order. Each phase counts the Chromium process tree's CPU from /proc over
 * the phase and until it is idle, and this process's (the guard proxy and the docs server live
 * here). Prints CPU-s per render by way and by process kind; not recorded (one-off diagnosis).
 * `--rounds=N` (default 4).
 */
import os from "node:os";
import type { Browser } from "puppeteer-core";
import { cpuSince, type CpuByKind, totalOf, treeCpu, untilIdle } from "./support/proc-cpu";
import { rerunUnderReactServer } from "./support/react-server";
import { BARE_ARGS, BARE_CHROMIUM, FONTS_READY, REAL_PAGE_PACKAGES, REAL_PAGES } from "./support/real-pages";

rerunUnderReactServer(import.meta.url);

const ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 4);
const WAYS = ["bare", "proxied", "glance"] as const;
type Way = (typeof WAYS)[number];

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

  const launchBare = () =>
    puppeteer.launch({ executablePath: BARE_CHROMIUM, headless: true, pipe: true, args: BARE_ARGS });
  const glanceSource = new LocalBrowserSource();
  const browsers: Record<Way, Browser> = {
    bare: await launchBare(),
    proxied: await launchBare(),
    glance: await glanceSource.acquire(new Deadline(60_000)),
  };
  const spares = new SparePages(0); // made on demand: the phase pays for every page it uses
  const pages = Object.values(REAL_PAGES);
  let serial = 0;

  async function capture(way: Way, url: string) {
    if (way === "glance") {
      const fresh = await spares.take(browsers.glance);
      await fresh.page.goto(url, { waitUntil: "load", timeout: 60_000 });
      await fresh.page.evaluate(FONTS_READY);
      await fresh.page.screenshot({ type: "png", optimizeForSpeed: true, captureBeyondViewport: false });
      await retire(fresh);
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

  const results: Record<Way, { chromium: CpuByKind; own: number }[]> = { bare: [], proxied: [], glance: [] };
  async function phase(way: Way, record: boolean) {
    const root = browsers[way].process()!.pid!;
    await untilIdle(() => treeCpu(root));
    const before = treeCpu(root);
    const ownBefore = process.cpuUsage();
    for (const pagePath of pages) await capture(way, `${docs.url(pagePath)}?p=${process.pid}-${++serial}`);
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
    `\n${new Date().toISOString()}, ${pages.length} pages × ${ROUNDS} rounds per way, load average ${os
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

  await Promise.all([browsers.bare.close(), browsers.proxied.close(), glanceSource.close()]);
  await docs.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
