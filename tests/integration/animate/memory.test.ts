/**
 * A long 1080p recording never holds its frames in memory (D26, issue #30 points 2 and 5): an app
 * instance in its own process records the same page for 6 s and for 30 s at 1920 × 1080, and the
 * peak resident memory of the instance (VmHWM, started afresh before each recording) and of its
 * ffmpeg (sampled while it runs) grow by less than half of what the 96 frames the long recording
 * adds would take if they were kept (as captured JPEGs in the instance, decoded in ffmpeg).
 * The shorter recording is 6 s, not 1 s, so both have reached their steady state — the garbage
 * collector's ceiling in the instance, x264's pool of frames in flight in ffmpeg (full after about
 * 20 frames) — and what is left is what grows with the length. The page is still noise: every
 * frame is a large JPEG (about 1.8 MB), the video cheap to encode. 4 fps keeps the test to 144
 * frames in all.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RecordingInstance, startRecordingInstance } from "@/tests/support/instance";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";

let fx: FixtureServer;
let instance: RecordingInstance;
let dataDir: string;

beforeAll(async () => {
  fx = await startFixtureServer({ dir: path.resolve(import.meta.dirname, "../../fixtures/animate") });
  dataDir = await mkdtemp(path.join(os.tmpdir(), "glance-memory-test-"));
  instance = await startRecordingInstance({
    ALLOW_PRIVATE_ORIGINS: fx.origin,
    DATA_DIR: dataDir,
    BROWSER_CONCURRENCY: "1",
  });
});
afterAll(async () => {
  await instance?.stop();
  await fx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The resident size (kB) of the instance's ffmpeg processes, summed, now. */
function ffmpegRssKb(parent: number): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat.trim())!;
      if (comm !== "ffmpeg" || Number(rest.split(" ")[1]) !== parent) continue;
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Records `seconds` of the noise page; answers the instance's peak and ffmpeg's largest sampled size. */
async function measure(seconds: number) {
  instance.resetPeak();
  let ffmpegPeakKb = 0;
  const sampler = setInterval(() => {
    ffmpegPeakKb = Math.max(ffmpegPeakKb, ffmpegRssKb(instance.child.pid!));
  }, 100);
  try {
    const result = await instance.record({
      url: fx.url("noise.html?still"),
      ...SIZE,
      duration: String(seconds * 1000),
      fps: String(FPS),
      format: "mp4",
      quality: "1",
      pauseStart: "0",
      pauseEnd: "0",
    });
    return { ...result, peakKb: instance.memory().peakKb, ffmpegPeakKb };
  } finally {
    clearInterval(sampler);
  }
}

const FPS = 4;
const SIZE = { width: "1920", height: "1080" };
/** A decoded 1080p frame in ffmpeg (yuv420p: 1.5 bytes a pixel). */
const RAW_FRAME_KB = (1920 * 1080 * 1.5) / 1024;

it("records 30 s of 1080p in the memory of 6 s: the frames stream through", { timeout: 300_000 }, async () => {
  const frameKb = (await instance.frameBytes(fx.url("noise.html?still"), { width: 1920, height: 1080 })) / 1024;
  const medium = await measure(6);
  const long = await measure(30);
  expect([medium.frames, long.frames]).toEqual([6 * FPS, 30 * FPS]);
  const added = long.frames - medium.frames;
  const facts = JSON.stringify({ frameKb, medium, long });
  // The test can tell: kept, the added frames would be over 100 MB in the instance.
  expect(added * frameKb, facts).toBeGreaterThan(100 * 1024);
  expect(long.peakKb - medium.peakKb, facts).toBeLessThan((added * frameKb) / 2);
  expect(medium.ffmpegPeakKb, "ffmpeg was sampled").toBeGreaterThan(0);
  expect(long.ffmpegPeakKb - medium.ffmpegPeakKb, facts).toBeLessThan((added * RAW_FRAME_KB) / 2);
});
