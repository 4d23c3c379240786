/**
 * Encoding a recording (D26) with Debian's ffmpeg (installed by scripts/setup.sh): frames arrive
 * one at a time as JPEG and are piped into ffmpeg's stdin as they are captured, with backpressure,
 * so memory does not grow with the length — this process holds a frame, ffmpeg x264's bounded pool
 * of frames in flight: a 30-s 1080p recording costs what a 10-s one does, not 900 frames
 * (tests/integration/animate/memory.test.ts). mp4 is H.264 (libx264), webm VP9 (libvpx), both
 * 4:2:0 tagged BT.709 so players show the page's colours; gif is two passes over the same frames: a
 * palette made for this clip (palettegen, while recording, with the frames kept on disk beside it),
 * then paletteuse. ffmpeg's own -fs stops a file that outgrows the output limit.
 */
import "server-only";
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { ApiError } from "@/lib/vocabulary/errors";
import { isShuttingDown, SHUTDOWN_RETRY_AFTER_S } from "@/lib/browser";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { AnimateFormat } from "./params";

export const CODECS: Record<AnimateFormat, "h264" | "vp9" | "gif"> = { mp4: "h264", webm: "vp9", gif: "gif" };

export interface EncodeSettings {
  format: AnimateFormat;
  fps: number;
  /** Output pixels; the frames are cropped to it (an odd side loses its last pixel row or column for mp4/webm). */
  width: number;
  height: number;
  /** 1–100: the encoders' constant quality, or the gif palette's size. */
  quality: number;
  maxBytes: number;
  /** gif: the most its frames may take on disk (the caller's plan, frame-disk.ts). */
  framesMaxBytes?: number;
}

/** quality 100 → CRF 18 (visually lossless for x264), 80 → 22, 1 → 40. */
const x264Crf = (quality: number) => Math.round(40 - (quality / 100) * 22);
/** quality 100 → CRF 30, 80 → 35, 1 → 55 (libvpx-vp9's 0–63 scale). */
const vp9Crf = (quality: number) => Math.round(55 - (quality / 100) * 25);
/** quality 100 → 256 colours, 80 → 208, 1 → 18. */
const gifColours = (quality: number) => Math.min(256, Math.max(4, Math.round(16 + (quality / 100) * 240)));

const JPEG_INPUT = (fps: number, source: string) => [
  "-f",
  "image2pipe",
  "-c:v",
  "mjpeg",
  "-framerate",
  String(fps),
  "-i",
  source,
];
const BT709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"];

function videoArgs(s: EncodeSettings, output: string): string[] {
  const filter = `crop=${s.width}:${s.height}:0:0,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p`;
  const codec =
    s.format === "mp4"
      ? ["-c:v", "libx264", "-preset", "veryfast", "-crf", String(x264Crf(s.quality)), "-movflags", "+faststart"]
      : // realtime/cpu-used 8: libvpx's fast path; its default "good" takes seconds per 1080p frame.
        [
          "-c:v",
          "libvpx-vp9",
          "-b:v",
          "0",
          "-crf",
          String(vp9Crf(s.quality)),
          "-deadline",
          "realtime",
          "-cpu-used",
          "8",
          "-row-mt",
          "1",
        ];
  return [...JPEG_INPUT(s.fps, "pipe:0"), "-vf", filter, ...codec, ...BT709, "-fs", String(s.maxBytes), "-y", output];
}

function paletteArgs(s: EncodeSettings, palette: string): string[] {
  const filter = `crop=${s.width}:${s.height}:0:0,palettegen=max_colors=${gifColours(s.quality)}:stats_mode=full`;
  return [...JPEG_INPUT(s.fps, "pipe:0"), "-vf", filter, "-update", "1", "-y", palette];
}

function gifArgs(s: EncodeSettings, frames: string, palette: string, output: string): string[] {
  // No dithering, and only the rectangle that changed since the previous frame re-mapped: against
  // sierra2_4a on the same frames, the palette pass took 40–72 % less time for an equal or higher
  // SSIM and a 2–13 % smaller file on real pages and a gradient (bench/RESULTS.md, issue 51).
  const filter = `[0:v]crop=${s.width}:${s.height}:0:0[clip];[clip][1:v]paletteuse=dither=none:diff_mode=rectangle`;
  return [
    ...JPEG_INPUT(s.fps, frames),
    "-i",
    palette,
    "-lavfi",
    filter,
    "-loop",
    "0",
    "-fs",
    String(s.maxBytes),
    "-y",
    output,
  ];
}

/** ffmpeg's last words, for the log when it fails (never for the caller: they may name paths). */
const STDERR_KEEP = 4_096;

interface Run {
  child: ChildProcess;
  /** Resolves when ffmpeg exits 0; rejects otherwise. */
  exited: Promise<void>;
}

function runFfmpeg(args: string[]): Run {
  const child = spawn(env().FFMPEG_PATH, ["-hide_banner", "-loglevel", "error", "-nostats", ...args], {
    stdio: ["pipe", "ignore", "pipe"],
    // Its own process group, as puppeteer starts Chromium: a Ctrl-C or a group-wide SIGTERM (tini -g,
    // a terminal, a test runner) meant for the server must not kill a recording the graceful
    // shutdown is letting finish (D16). ffmpeg still ends with its stdin if this process dies.
    detached: true,
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEEP);
  });
  // An ffmpeg that stopped reading (it failed, or -fs ended the file) must not crash us with EPIPE.
  child.stdin?.on("error", () => {});
  const exited = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code ?? signal}: ${stderr.trim()}`)),
    );
  });
  exited.catch(() => {});
  return { child, exited };
}

/** Writes `chunk`, waiting while the reader is behind (backpressure); false when the stream is gone. */
function writeWithBackpressure(stream: Writable, chunk: Buffer): Promise<boolean> {
  if (stream.destroyed || stream.writableEnded) return Promise.resolve(false);
  if (stream.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      stream.off("drain", onDrain);
      stream.off("close", onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    stream.on("drain", onDrain);
    stream.on("close", onClose);
  });
}

function encoderFailed(error: unknown): ApiError {
  // An encoder killed while the instance stops is the shutdown's doing, not a fault (D16).
  if (isShuttingDown())
    return new ApiError(
      "shutting_down",
      "This instance stopped while recording. Please retry: another instance will record the page.",
      {
        headers: { "Retry-After": String(SHUTDOWN_RETRY_AFTER_S) },
      },
    );
  const missing = (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
  log.error(missing ? "ffmpeg is not installed (FFMPEG_PATH)" : "encoding a recording failed", { error });
  return missing
    ? new ApiError("renderer_unavailable", "The video encoder is unavailable. Please retry shortly.")
    : new ApiError(
        "internal_error",
        "Encoding the video failed. Please retry; contact support with the request id if it persists.",
      );
}

function framesTooLarge(maxBytes: number): ApiError {
  return new ApiError(
    "output_too_large",
    `The gif's frames grew past ${maxBytes / 1024 / 1024} MiB, the most your plan keeps for one gif recording (see /docs/animate#limits), and it was stopped: record an mp4 or webm, or a shorter, smaller or slower gif.`,
  );
}

function outputTooLarge(maxBytes: number): ApiError {
  return new ApiError(
    "output_too_large",
    `The video grew past ${maxBytes / 1024 / 1024} MiB and was stopped: lower duration, fps, width/height or quality (a gif is far larger than an mp4 of the same clip).`,
  );
}

/**
 * One recording's encoder: `write` each frame in order, then `finish` for the file's bytes. `close`
 * (always, in a finally) kills what still runs and removes the temporary files.
 */
export class FrameEncoder {
  private finished = false;
  /** gif: the bytes of the frames kept so far. */
  private keptBytes = 0;
  /** gif: the paletteuse pass, once it runs. */
  private second?: Run;

  private constructor(
    private readonly settings: EncodeSettings,
    private readonly dir: string,
    private readonly output: string,
    private readonly first: Run,
    /** gif: the frames kept for the second pass. */
    private readonly framesFile?: { path: string; stream: WriteStream },
  ) {}

  static async start(settings: EncodeSettings): Promise<FrameEncoder> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "glance-animate-"));
    const output = path.join(dir, `out.${settings.format}`);
    if (settings.format !== "gif")
      return new FrameEncoder(settings, dir, output, runFfmpeg(videoArgs(settings, output)));
    const frames = path.join(dir, "frames.mjpeg");
    const first = runFfmpeg(paletteArgs(settings, path.join(dir, "palette.png")));
    return new FrameEncoder(settings, dir, output, first, { path: frames, stream: createWriteStream(frames) });
  }

  async write(jpeg: Buffer): Promise<void> {
    if (this.framesFile) {
      this.keptBytes += jpeg.length;
      const max = this.settings.framesMaxBytes ?? Infinity;
      if (this.keptBytes > max) throw framesTooLarge(max);
    }
    const stdin = this.first.child.stdin;
    const [taken, kept] = await Promise.all([
      stdin ? writeWithBackpressure(stdin, jpeg) : Promise.resolve(false),
      this.framesFile ? writeWithBackpressure(this.framesFile.stream, jpeg) : Promise.resolve(true),
    ]);
    if (taken && kept) return;
    // ffmpeg stopped reading: -fs ended an oversized file (exit 0), or it failed.
    await this.first.exited.catch((error: unknown) => {
      throw encoderFailed(error);
    });
    throw await this.oversizedOr(new Error("ffmpeg stopped reading frames"));
  }

  /** The encoded file and its codec; the size limit is checked on what ffmpeg wrote. */
  async finish(): Promise<{ bytes: Buffer; codec: (typeof CODECS)[AnimateFormat] }> {
    this.first.child.stdin?.end();
    if (this.framesFile) await new Promise<void>((resolve) => this.framesFile!.stream.end(resolve));
    try {
      await this.first.exited;
      if (this.framesFile) {
        const palette = path.join(this.dir, "palette.png");
        this.second = runFfmpeg(gifArgs(this.settings, this.framesFile.path, palette, this.output));
        await this.second.exited;
      }
    } catch (error) {
      throw encoderFailed(error);
    }
    const size = (await stat(this.output)).size;
    if (size > this.settings.maxBytes) throw outputTooLarge(this.settings.maxBytes);
    this.finished = true;
    return { bytes: await readFile(this.output), codec: CODECS[this.settings.format] };
  }

  private async oversizedOr(error: unknown): Promise<ApiError> {
    const size = await stat(this.output).then(
      (s) => s.size,
      () => 0,
    );
    return size > this.settings.maxBytes ? outputTooLarge(this.settings.maxBytes) : encoderFailed(error);
  }

  async close(): Promise<void> {
    for (const run of [this.first, this.second]) {
      if (run && !this.finished && run.child.exitCode === null) run.child.kill("SIGKILL");
    }
    this.framesFile?.stream.destroy();
    await Promise.all([this.first.exited.catch(() => {}), this.second?.exited.catch(() => {})]);
    await rm(this.dir, { recursive: true, force: true }).catch(() => {});
  }
}
