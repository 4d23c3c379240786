/**
 * npm run bench:demo — the landing page's no-signup demo (issue 51 point 8, D22) against what a
 * customer would otherwise run, in one run, on the same real pages: the fourteen Debian
 * documentation pages of bench:realpages (bench/support/real-pages.ts), served on loopback.
 *   demo  GET /api/demo/screenshot?url=… through the production server (`next start` on a
 *         production build, bench/support/next-server.ts; PostgreSQL, Redis for the limits), its
 *         time split by the answer's Server-Timing header (lib/demo/try-url.ts): target check,
 *         limits, setup (slot, blockers, consent handler, completeness watch), navigate, wait,
 *         capture, encode;
 *   bare  puppeteer-core on a warm Chromium (same binary), a new page per capture: setViewport
 *         1280×800, goto (load), screenshot({ type: "webp" }), page closed.
 * One capture at a time; each page by both sides back to back, the side that goes first
 * alternating page by page and round by round. Medians per side, and CPU over the whole run
 * (each side's process tree from /proc, the whole machine from /proc/stat), with the load average
 * at the start and the end (the machine is shared). Printed, not written: RESULTS.md's demo
 * section is written by hand from runs before and after a change.
 * `--rounds=N` (default 3).
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startNextServer } from "./support/next-server";
import { cpuSince, machineBusySeconds, totalOf, treeCpu, untilIdle } from "./support/proc-cpu";
import { rerunUnderReactServer } from "./support/react-server";
import { BARE_ARGS, BARE_CHROMIUM, REAL_PAGE_PACKAGES, REAL_PAGES } from "./support/real-pages";
import { median } from "./support/stats";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
rerunUnderReactServer(import.meta.url);

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const ROUNDS = Number(arg("rounds") ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4601);

/** `check;dur=3, limits;dur=2, …` → { check: 3, limits: 2, … }. */
function parseServerTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? "").split(",")) {
    const match = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (match) out[match[1]] = Number(match[2]);
  }
  return out;
}

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");

async function main() {
  const { ensureDebianDocs, serveDebianDocs } = await import("@/tests/support/debian-docs");
  ensureDebianDocs(REAL_PAGE_PACKAGES);
  const docs = await serveDebianDocs();
  await import("@/tests/support/env").then(({ useTestEnv }) =>
    useTestEnv({
      database: "postgres",
      store: "redis",
      extra: {
        ALLOW_PRIVATE_ORIGINS: docs.origin,
        LOG_LEVEL: "silent",
        DEMO_CAPTURES_PER_HOUR: "1000",
        DEMO_CAPTURES_PER_DAY: "100000",
      },
    }),
  );
  const server = await startNextServer(ROOT, { port: PORT, env: { LOG_LEVEL: "warn", NODE_ENV: "production" } });
  const serverPid = Number(
    (await import("node:child_process"))
      .execFileSync("pgrep", ["-P", String(process.pid), "-f", "scripts/server.ts"], { encoding: "utf8" })
      .trim()
      .split("\n")[0],
  );
  const puppeteer = (await import("puppeteer-core")).default;
  const bare = await puppeteer.launch({ executablePath: BARE_CHROMIUM, headless: true, pipe: true, args: BARE_ARGS });
  const barePid = bare.process()!.pid!;

  const capture = {
    async demo(url: string) {
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/demo/screenshot?url=${encodeURIComponent(url)}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`the demo answered ${response.status}: ${body}`);
      return { ms: performance.now() - started, phases: parseServerTiming(response.headers.get("server-timing")) };
    },
    async bare(url: string) {
      const started = performance.now();
      const tab = await bare.newPage();
      try {
        await tab.setViewport({ width: 1280, height: 800 });
        await tab.goto(url, { waitUntil: "load", timeout: 60_000 });
        await tab.screenshot({ type: "webp" });
        return { ms: performance.now() - started, phases: {} as Record<string, number> };
      } finally {
        await tab.close();
      }
    },
  };
  const trees = { demo: () => treeCpu(serverPid), bare: () => treeCpu(barePid) };
  const pages = Object.values(REAL_PAGES).map((p) => docs.url(p));

  console.log(`warming up (load average ${loadavg()})…`);
  for (const url of pages.slice(0, 3)) {
    await capture.demo(url);
    await capture.bare(url);
  }

  const samples = { demo: [] as number[], bare: [] as number[] };
  const phases: Record<string, number[]> = {};
  const loadAtStart = loadavg();
  const before = { demo: trees.demo(), bare: trees.bare(), machine: machineBusySeconds() };
  const started = performance.now();
  let n = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const url of pages) {
      const order: Array<"demo" | "bare"> = (round + n++) % 2 === 0 ? ["demo", "bare"] : ["bare", "demo"];
      for (const side of order) {
        // Each side's leftover work (a closed context, the next spare page) is done before it is timed.
        await untilIdle(trees[side]);
        const { ms, phases: timing } = await capture[side](url);
        samples[side].push(ms);
        for (const [name, value] of Object.entries(timing)) (phases[name] ??= []).push(value);
      }
    }
    console.log(`round ${round + 1}/${ROUNDS} done (load average ${loadavg()})`);
  }
  const wallSec = (performance.now() - started) / 1000;
  const cpu = {
    demo: totalOf(cpuSince(before.demo, trees.demo())),
    bare: totalOf(cpuSince(before.bare, trees.bare())),
    machine: machineBusySeconds() - before.machine,
  };
  const count = samples.demo.length;
  const ms = (v: number) => `${Math.round(v)}`;
  console.log(`\n${count} captures a side, ${wallSec.toFixed(0)} s; load average ${loadAtStart} → ${loadavg()}`);
  console.log(`| side | median ms | p90 ms | CPU s (whole run) | CPU s per capture |`);
  console.log(`|---|---|---|---|---|`);
  for (const side of ["demo", "bare"] as const) {
    const sorted = [...samples[side]].sort((a, b) => a - b);
    const p90 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))];
    console.log(
      `| ${side} | ${ms(median(sorted))} | ${ms(p90)} | ${cpu[side].toFixed(1)} | ${(cpu[side] / count).toFixed(2)} |`,
    );
  }
  console.log(`demo/bare median: ${(median(samples.demo) / median(samples.bare)).toFixed(2)}`);
  console.log(
    `machine busy CPU over the run: ${cpu.machine.toFixed(0)} s of ${(wallSec * os.cpus().length).toFixed(0)}`,
  );
  console.log(`\ndemo phases (Server-Timing), median ms:`);
  console.log(
    Object.entries(phases)
      .map(([name, values]) => `${name} ${ms(median(values))}`)
      .join(" · "),
  );

  await bare.close();
  await server.stop();
  await docs.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
