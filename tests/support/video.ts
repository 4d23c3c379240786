/**
 * Reading videos in tests with the real ffprobe and ffmpeg (Debian's, installed by
 * scripts/setup.sh): what the container says (codec, size, duration, frame count by decoding every
 * frame) and single frames as RGB pixels, for pixel agreement with screenshots.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

const run = promisify(execFile);

export interface VideoFacts {
  codec: string;
  width: number;
  height: number;
  /** Seconds, as the container states it. */
  duration: number;
  /** Frames counted by decoding the whole stream. */
  frames: number;
  pixelFormat: string;
}

async function withFile<T>(bytes: Buffer, ext: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "glance-video-test-"));
  try {
    const file = path.join(dir, `video.${ext}`);
    await writeFile(file, bytes);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function probeVideo(bytes: Buffer, ext: string): Promise<VideoFacts> {
  return withFile(bytes, ext, async (file) => {
    const { stdout } = await run("ffprobe", [
      "-v",
      "error",
      "-count_frames",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=codec_name,width,height,nb_read_frames,pix_fmt:format=duration",
      "-of",
      "json",
      file,
    ]);
    const facts = JSON.parse(stdout) as {
      streams: Array<{ codec_name: string; width: number; height: number; nb_read_frames: string; pix_fmt: string }>;
      format: { duration: string };
    };
    const stream = facts.streams[0];
    return {
      codec: stream.codec_name,
      width: stream.width,
      height: stream.height,
      duration: Number(facts.format.duration),
      frames: Number(stream.nb_read_frames),
      pixelFormat: stream.pix_fmt,
    };
  });
}

export interface Frame {
  width: number;
  height: number;
  /** RGB, row by row. */
  rgb: Buffer;
}

/** The n-th frame (0-based) of a video, decoded to RGB. */
export function videoFrame(
  bytes: Buffer,
  ext: string,
  n: number,
  size: { width: number; height: number },
): Promise<Frame> {
  return withFile(bytes, ext, async (file) => {
    const { stdout } = await run(
      "ffmpeg",
      [
        "-v",
        "error",
        "-i",
        file,
        "-vf",
        `select=eq(n\\,${n})`,
        "-frames:v",
        "1",
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "-",
      ],
      { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
    );
    const rgb = stdout as unknown as Buffer;
    if (rgb.length !== size.width * size.height * 3) throw new Error(`frame ${n}: got ${rgb.length} bytes`);
    return { ...size, rgb };
  });
}

/** Every frame of a video, decoded to RGB in one pass (for short clips: all of them are held). */
export function videoFrames(bytes: Buffer, ext: string, size: { width: number; height: number }): Promise<Frame[]> {
  return withFile(bytes, ext, async (file) => {
    const { stdout } = await run("ffmpeg", ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], {
      encoding: "buffer",
      maxBuffer: 512 * 1024 * 1024,
    });
    const all = stdout as unknown as Buffer;
    const frameBytes = size.width * size.height * 3;
    if (all.length % frameBytes !== 0) throw new Error(`${all.length} bytes is not a whole number of frames`);
    return Array.from({ length: all.length / frameBytes }, (_, n) => ({
      ...size,
      rgb: all.subarray(n * frameBytes, (n + 1) * frameBytes),
    }));
  });
}

/** An image (a screenshot) as RGB. */
export async function imageFrame(bytes: Buffer): Promise<Frame> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

/**
 * How alike two frames of one size are: the mean absolute difference per channel (0–255) and the
 * share of pixels whose channels all lie within `tolerance` — room for the encoders' loss.
 */
export function agreement(a: Frame, b: Frame, tolerance = 32): { meanDifference: number; withinTolerance: number } {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`${a.width}×${a.height} vs ${b.width}×${b.height}`);
  let total = 0;
  let close = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    const d = [0, 1, 2].map((c) => Math.abs(a.rgb[i + c] - b.rgb[i + c]));
    total += d[0] + d[1] + d[2];
    if (Math.max(...d) <= tolerance) close++;
  }
  const pixels = a.rgb.length / 3;
  return { meanDifference: total / a.rgb.length, withinTolerance: close / pixels };
}

/** The RGB of one pixel of a frame. */
export function pixelOf(frame: Frame, x: number, y: number): [number, number, number] {
  const i = (y * frame.width + x) * 3;
  return [frame.rgb[i], frame.rgb[i + 1], frame.rgb[i + 2]];
}

/** Each frame's presentation time in seconds, as ffprobe reads it from the container, in order. */
export function frameTimes(bytes: Buffer, ext: string): Promise<number[]> {
  return withFile(bytes, ext, async (file) => {
    const { stdout } = await run("ffprobe", [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-show_entries",
      "frame=best_effort_timestamp_time",
      "-of",
      "csv=p=0",
      file,
    ]);
    // One line a frame; the first frame's side data (x264's settings) adds an empty one.
    return stdout
      .split("\n")
      .map((line) => line.replace(/,+$/, "").trim())
      .filter((line) => line !== "")
      .map(Number);
  });
}

/**
 * Keeps `count` processes spinning on the CPU until the returned function is called: a loaded
 * machine for the tests that must hold on one (a recording's frames follow its frame rate).
 */
export function loadCpu(count: number): () => void {
  const spinners = Array.from({ length: count }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
  return () => spinners.forEach((child) => child.kill("SIGKILL"));
}
