/**
 * npm run bench:animate — what a second of video costs (D26, issue #30 point 6): seconds of video
 * per CPU-second of our recording engine (the /v1/animate renderer: frame-by-frame capture at the
 * frame's moment, piped into ffmpeg) against bare puppeteer's page.screencast() (CDP screencast
 * into ffmpeg, the page scrolled by the wall clock) on the same real pages in the same run. CPU
 * is counted over the whole run for everything involved: this process, Chromium's processes and
 * ffmpeg (read from /proc, children reaped included). The pages are Debian documentation packages
 * (real HTML nobody here wrote), installed by the bench itself and served on loopback. Writes its
 * section of bench/RESULTS.md. Then what a customer waits for (issue 51 point 8): a 3-s 1920×1080
 * 60-fps webm and a 3-s gif (the defaults: 1280×720, 30 fps) end to end through renderAnimation,
 * wall time and CPU, over ROUNDS rounds alternating which goes first; the median is reported.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";
import { rerunUnderReactServer } from "./support/react-server";
import { replaceSection } from "./support/results-file";
import { DEBIAN_PAGES, ensureDebianDocs, serveDebianDocs } from "../tests/support/debian-docs";

rerunUnderReactServer(import.meta.url);

const SECONDS = 5;
const FPS = 30;
const SIZE = { width: 1280, height: 720 };
const PAGES = { gitCommit: DEBIAN_PAGES.gitCommit, debianReferenceInit: DEBIAN_PAGES.debianReferenceInit } as const;
const TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());

/** CPU seconds used so far by this process, its reaped children (ffmpeg) and its live descendants (Chromium). */
function treeCpuSeconds(): number {
  const stat = (pid: string) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const parents = new Map<string, string>();
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      parents.set(pid, stat(pid)[1]);
    } catch {
      // gone meanwhile
    }
  }
  const self = String(process.pid);
  const isDescendant = (pid: string): boolean => {
    for (let p = parents.get(pid), depth = 0; p && depth < 20; p = parents.get(p), depth++) if (p === self) return true;
    return false;
  };
  let ticks = 0;
  const own = stat(self);
  ticks += Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of parents.keys()) {
    if (!isDescendant(pid)) continue;
    try {
      const s = stat(pid);
      ticks += Number(s[11]) + Number(s[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICKS;
}

function frameCount(file: string): number {
  const out = execFileSync("ffprobe", [
    "-v",
    "error",
    "-count_frames",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=nb_read_frames",
    "-of",
    "csv=p=0",
    file,
  ]);
  return Number(out.toString().trim());
}

const ROUNDS = 3;
const CUSTOMER_CLIPS = {
  "webm 1920×1080 60 fps": { width: "1920", height: "1080", fps: "60", format: "webm" },
  "gif 1280×720 30 fps": { format: "gif" },
} as const;

/** One clip of 3 s through the whole engine: wall seconds, CPU seconds, bytes and frames. */
async function customerClip(url: string, query: Record<string, string>) {
  const { animationFromQuery } = await import("../lib/animate/endpoint");
  const { renderAnimation } = await import("../lib/animate/render");
  const { Deadline, quiesce } = await import("../lib/browser");
  await quiesce();
  const plan = animationFromQuery({ url, duration: "3000", ...query });
  const [cpu0, wall0] = [treeCpuSeconds(), performance.now()];
  const output = await renderAnimation(plan, new Deadline(600_000));
  const wall = (performance.now() - wall0) / 1000;
  return { wall, cpu: treeCpuSeconds() - cpu0, bytes: output.bytes.length, frames: Number(output.details?.frames) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** ROUNDS rounds of every customer clip, the order reversed every other round; medians per clip. */
async function customerClips(url: string): Promise<string[]> {
  const names = Object.keys(CUSTOMER_CLIPS) as (keyof typeof CUSTOMER_CLIPS)[];
  const runs = new Map(names.map((n) => [n, [] as Awaited<ReturnType<typeof customerClip>>[]]));
  await customerClip(url, CUSTOMER_CLIPS[names[0]]); // warm
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      runs.get(name)!.push(await customerClip(url, CUSTOMER_CLIPS[name]));
      console.log(name, JSON.stringify(runs.get(name)!.at(-1)));
    }
  }
  return names.map((name) => {
    const r = runs.get(name)!;
    const walls = r.map((x) => x.wall.toFixed(1)).join(", ");
    return `| ${name} | ${r[0].frames} | ${median(r.map((x) => x.wall)).toFixed(1)} (${walls}) | ${median(r.map((x) => x.cpu)).toFixed(1)} | ${(median(r.map((x) => x.bytes)) / 1e6).toFixed(1)} MB |`;
  });
}

async function ours(url: string): Promise<{ cpu: number; frames: number }> {
  const { animationFromQuery } = await import("../lib/animate/endpoint");
  const { renderAnimation } = await import("../lib/animate/render");
  const { Deadline } = await import("../lib/browser");
  const plan = animationFromQuery({
    url,
    width: String(SIZE.width),
    height: String(SIZE.height),
    duration: String(SECONDS * 1000),
    fps: String(FPS),
    format: "webm",
  });
  const before = treeCpuSeconds();
  const output = await renderAnimation(plan, new Deadline(300_000));
  const cpu = treeCpuSeconds() - before;
  return { cpu, frames: Number(output.details?.frames) };
}

/** Bare puppeteer: CDP screencast into ffmpeg (webm, VP9), the page scrolled top to bottom by a wall-clock timer. */
async function baseline(url: string, dir: string): Promise<{ cpu: number; frames: number }> {
  const browser = await puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    pipe: true,
    args: ["--no-sandbox", "--hide-scrollbars"],
  });
  try {
    const before = treeCpuSeconds();
    const page = await browser.newPage();
    await page.setViewport(SIZE);
    await page.goto(url, { waitUntil: "load" });
    const file = path.join(dir, "screencast.webm") as `${string}.webm`;
    const recorder = await page.screencast({ path: file, ffmpegPath: "ffmpeg", fps: FPS });
    await page.evaluate(`new Promise((resolve) => {
      const max = document.documentElement.scrollHeight - innerHeight, start = performance.now();
      (function step(now) { const p = Math.min(1, (now - start) / ${SECONDS * 1000}); scrollTo(0, p * max); p < 1 ? requestAnimationFrame(step) : resolve(); })(start);
    })`);
    await recorder.stop();
    const cpu = treeCpuSeconds() - before;
    return { cpu, frames: frameCount(file) };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  ensureDebianDocs();
  const docs = await serveDebianDocs();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-bench-animate-"));
  Object.assign(process.env, {
    ALLOW_PRIVATE_ORIGINS: docs.origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    BROWSER_CONCURRENCY: "1",
  });
  const { reloadEnv } = await import("../lib/env");
  reloadEnv();
  const rows: string[] = [];
  let clips: string[] = [];
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  try {
    clips = await customerClips(docs.url(PAGES.gitCommit));
    for (const [name, pagePath] of Object.entries(PAGES)) {
      const url = docs.url(pagePath);
      await ours(url); // warm: the browser launched, the page's files in the OS cache
      const a = await ours(url);
      const b = await baseline(url, dataDir);
      const perCpu = (cpu: number) => SECONDS / cpu;
      rows.push(
        `| ${name} | ${a.frames} | ${perCpu(a.cpu).toFixed(3)} | ${b.frames} | ${perCpu(b.cpu).toFixed(3)} | ${(perCpu(a.cpu) / perCpu(b.cpu)).toFixed(2)}× |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    const { shutdownBrowsers } = await import("../lib/browser");
    await shutdownBrowsers();
    await docs.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const cores = os.cpus().length;
  const load = os.loadavg()[0].toFixed(1);
  const markdown = [
    `Run ${new Date().toISOString().slice(0, 10)}, ${cores} cores, load average ${load} at the end. ${SECONDS} s of ${SIZE.width}×${SIZE.height} webm (VP9) at ${FPS} fps, scrolled top to bottom; CPU of this process, Chromium and ffmpeg over each recording.`,
    "",
    "| Page | Glance frames | Glance video s per CPU s | screencast() frames | screencast() video s per CPU s | Glance ÷ screencast() |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `Glance captures every one of the ${SECONDS * FPS} frames at its own moment; page.screencast() keeps the frames the compositor happened to draw while the page was scrolled by the clock (its frame count shows how many it had).`,
    "",
    `What a customer waits for: 3 s of gitCommit scrolled, through renderAnimation with a warm browser, ${ROUNDS} rounds alternating the order; load average (1, 5, 15 min) ${loadAtStart} at the start. The machine is shared: wall time says as much about the load as about the engine.`,
    "",
    "| Clip | frames | wall s, median (each round) | CPU s, median | size |",
    "| --- | --- | --- | --- | --- |",
    ...clips,
  ].join("\n");
  await replaceSection(path.join(import.meta.dirname, "RESULTS.md"), "animate", markdown, "Recordings (D26)");
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
