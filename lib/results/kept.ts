/**
 * Files kept exactly as they were (D27): a monitor run's capture and diff image, and a monitor's
 * baseline. Each is stored once under a key of its own — 256 random bits, never derived from the
 * URL or the options, so no later capture of the same page (the URL's cache entry, another
 * monitor's run, a run asked for again) can write over it — and kept for as long as asked. Served
 * by /v1/files like any result (D7): the random key is the capability.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { OUTPUT_FORMATS } from "@/lib/formats";
import { fileUrl } from "./answers";
import { getResultStore } from "./store";
import type { NewResult, StoredResult } from "./types";

/** Extra life given when a kept file's time is extended, so a file read often is not written again each time. */
const EXTENSION_SLACK_MS = 86_400_000;

/** Stores `file` under a new key nothing else will ever write, for `keepMs`; its key, URL and stored entry. */
export async function storeKept(
  file: NewResult,
  keepMs: number,
): Promise<{ key: string; url: string; stored: StoredResult }> {
  const key = randomBytes(32).toString("hex");
  const stored = await getResultStore().put(key, file, keepMs);
  return { key, url: fileUrl(key, file.ext), stored };
}

/**
 * Makes sure the kept file `key` lives until at least `until` (unix ms) and answers its URL. A file
 * about to expire is put again with the same bytes; one already gone is put again from `original`
 * — the same bytes, kept elsewhere (a baseline's, in PostgreSQL) — so the URL never shows anything else.
 */
export async function keepUntil(key: string, until: number, original: () => NewResult): Promise<string> {
  const store = getResultStore();
  const stored = await store.get(key);
  if (!stored || stored.expiresAt < until) {
    const file = stored ?? original();
    await store.put(key, file, until - Date.now() + EXTENSION_SLACK_MS);
    return fileUrl(key, file.ext);
  }
  return fileUrl(key, stored.ext);
}

/** A PNG the service made (a diff image, a baseline) as a file to store. */
export function pngFile(png: Buffer, width: number, height: number): NewResult {
  return { bytes: png, contentType: OUTPUT_FORMATS.png.mime, ext: "png", metadata: { width, height, renderMs: 0 } };
}
