/**
 * The embedded-default result store (D12): one file per result under `${DATA_DIR}/results`,
 * sharded by the key's first two hex digits so no directory grows huge. Each file holds the
 * metadata header and the bytes in one frame (lib/results/codec.ts) and is written to a temp
 * file and renamed into place, so readers see the old entry or the new one, never half of one.
 * Expired entries count as missing; they are deleted when read and by an occasional sweep.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { decodeExpiry, decodeResult, encodeResult, headerEnd, makeStored } from "@/lib/results/codec";
import { RESULT_KEY, type NewResult, type ResultStore, type StoredResult } from "@/lib/results/types";

const SUFFIX = ".result";
/** Temp files older than this belong to a crashed writer. */
const STALE_TEMP_MS = 60 * 60 * 1000;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}

export class FileResultStore implements ResultStore {
  readonly kind = "files" as const;
  private lastSweep = Date.now();
  private sweeping: Promise<number> | null = null;

  constructor(
    readonly root: string,
    /** How often a put() may start a background sweep of expired entries. */
    private readonly sweepIntervalMs = 10 * 60 * 1000,
  ) {}

  private pathFor(key: string): string {
    // The key comes from a URL on the files route: only 64 hex characters ever reach the file system.
    if (!RESULT_KEY.test(key)) throw new Error("invalid result key");
    return path.join(this.root, key.slice(0, 2), key + SUFFIX);
  }

  async get(key: string): Promise<StoredResult | null> {
    if (!RESULT_KEY.test(key)) return null;
    const file = this.pathFor(key);
    let frame: Buffer;
    try {
      frame = await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const stored = decodeResult(frame);
    if (!stored) return null;
    if (stored.expiresAt <= Date.now()) {
      // A writer could replace the file between our read and this unlink; the cost of that rare
      // race is one extra render, which is cheaper than locking every read.
      await unlink(file).catch(() => {});
      return null;
    }
    return stored;
  }

  async put(key: string, result: NewResult, ttlMs: number): Promise<StoredResult> {
    const file = this.pathFor(key);
    const stored = makeStored(result, ttlMs);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temp, encodeResult(stored));
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    this.maybeSweep();
    return stored;
  }

  async delete(key: string): Promise<void> {
    if (!RESULT_KEY.test(key)) return;
    await unlink(this.pathFor(key)).catch((error) => {
      if (!isMissing(error)) throw error;
    });
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  private maybeSweep(): void {
    if (this.sweeping || Date.now() - this.lastSweep < this.sweepIntervalMs) return;
    this.lastSweep = Date.now();
    this.sweeping = this.sweep()
      .catch(() => 0)
      .finally(() => (this.sweeping = null));
  }

  /** Deletes expired entries and abandoned temp files; returns how many files were removed. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    let shards: string[];
    try {
      shards = await readdir(this.root);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      const dir = path.join(this.root, shard);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const file = path.join(dir, name);
        const expired = name.endsWith(".tmp")
          ? await this.staleTemp(file, now)
          : name.endsWith(SUFFIX)
            ? await this.expired(file, now)
            : false;
        if (
          expired &&
          (await unlink(file).then(
            () => true,
            () => false,
          ))
        )
          removed++;
      }
    }
    return removed;
  }

  private async staleTemp(file: string, now: number): Promise<boolean> {
    const info = await stat(file).catch(() => null);
    return info !== null && now - info.mtimeMs > STALE_TEMP_MS;
  }

  /** Reads only the frame header, not the bytes. Unreadable frames are garbage too. */
  private async expired(file: string, now: number): Promise<boolean> {
    const handle = await open(file, "r").catch(() => null);
    if (!handle) return false;
    try {
      const prefix = Buffer.alloc(8);
      await handle.read(prefix, 0, 8, 0);
      const end = headerEnd(prefix);
      if (end === null) return true;
      const head = Buffer.alloc(end);
      const { bytesRead } = await handle.read(head, 0, end, 0);
      const expiresAt = decodeExpiry(head.subarray(0, bytesRead));
      return expiresAt === null || expiresAt <= now;
    } finally {
      await handle.close();
    }
  }
}
