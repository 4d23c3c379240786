/**
 * The disk a gif recording's frames take (D26). A gif is encoded in two passes — a palette made
 * from every frame, then the frames again through it — so its frames are kept on disk, as JPEG,
 * until the recording ends: up to gigabytes for a long, large, fast recording. Two bounds:
 *
 * - the caller's plan (ANIMATE_LIMITS' maxGifFramesMb): the encoder stops a recording whose frames
 *   grow past it, 422 output_too_large (encode.ts);
 * - the free disk: before the page is even loaded, the recording reserves what its frames may take
 *   (the plan's bound, or less for a recording that cannot need it) plus its output file, beside
 *   what the recordings already running reserved and a margin left for everything else on the
 *   machine. Without room it is refused at once, 503 insufficient_storage with Retry-After.
 */
import "server-only";
import { statfs } from "node:fs/promises";
import os from "node:os";
import { ApiError } from "@/lib/vocabulary/errors";
import { log } from "@/lib/log";

/** Left free for the rest of the machine (the result store, the database, the logs). */
const DISK_MARGIN_BYTES = 512 * 1024 * 1024;
/**
 * A JPEG frame at the capture's quality (92) is rarely above a byte per pixel on real pages (text
 * and flat colour: ~0.1–0.3); a photo-heavy page can approach it. What a recording may need.
 */
const JPEG_BYTES_PER_PIXEL = 1;
export const RETRY_AFTER_FULL_DISK_S = 30;

let reserved = 0;

export interface FrameDiskNeed {
  frames: number;
  width: number;
  height: number;
  /** The plan's bound on the frames kept. */
  framesMaxBytes: number;
  /** The output file's bound (ANIMATE_OUTPUT_MAX_MB). */
  outputMaxBytes: number;
}

/** What a gif recording may write to disk: its frames, bounded by its plan, and its output file. */
export function frameDiskNeed(need: FrameDiskNeed): number {
  const frames = Math.min(need.framesMaxBytes, need.frames * need.width * need.height * JPEG_BYTES_PER_PIXEL);
  return Math.ceil(frames) + need.outputMaxBytes;
}

/** Free bytes where recordings keep their frames (the OS's temporary directory). */
async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}

/**
 * Reserves `bytes` of the temporary directory's disk for one recording; `release` (always, in a
 * finally) gives them back. Throws 503 insufficient_storage when the disk cannot hold them now.
 */
export async function reserveFrameDisk(
  bytes: number,
  dir = os.tmpdir(),
  free: (dir: string) => Promise<number> = freeBytes,
): Promise<{ release(): void }> {
  const available = (await free(dir)) - reserved - DISK_MARGIN_BYTES;
  if (bytes > available) {
    log.warn("gif recording refused: not enough free disk for its frames", { needed: bytes, available, reserved });
    throw new ApiError(
      "insufficient_storage",
      `This server has no disk room for this gif's frames now (it may need ${Math.ceil(bytes / 1024 / 1024)} MiB). Retry in ${RETRY_AFTER_FULL_DISK_S} s, or record an mp4 or webm, which keeps no frames, or a shorter, smaller or slower gif.`,
      { headers: { "Retry-After": String(RETRY_AFTER_FULL_DISK_S) } },
    );
  }
  reserved += bytes;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      reserved -= bytes;
    },
  };
}
