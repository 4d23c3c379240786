/**
 * What a stored render looks like, and the store interface its three adapters implement
 * (files under DATA_DIR, Redis over TCP, Upstash over REST — D12).
 */
import type { OutputFormat } from "@/lib/formats";

/** A cache key (D6): 64 lowercase hex characters — also the capability for the files route. */
export const RESULT_KEY = /^[0-9a-f]{64}$/;

/** Facts about the render, kept with the bytes so a HIT can answer exactly like the MISS did. */
export interface ResultMetadata {
  width: number;
  height: number;
  pages?: number;
  /** Milliseconds the original render took (X-Render-Time, renderTime). */
  renderMs: number;
  [extra: string]: unknown;
}

export interface NewResult {
  bytes: Buffer;
  contentType: string;
  ext: OutputFormat;
  metadata: ResultMetadata;
}

export interface StoredResult extends NewResult {
  /** Unix ms when the entry was stored. */
  cachedAt: number;
  /** Unix ms after which the entry no longer exists. */
  expiresAt: number;
  /** Strong validator of the bytes, already quoted: `"…"`. */
  etag: string;
}

export interface ResultStore {
  readonly kind: "files" | "redis" | "upstash";
  /** The live entry for `key`, or null when missing, expired or unreadable. */
  get(key: string): Promise<StoredResult | null>;
  /** Stores (or replaces) the entry for `key`, living `ttlMs` from now; returns what was stored. */
  put(key: string, result: NewResult, ttlMs: number): Promise<StoredResult>;
  delete(key: string): Promise<void>;
  /** The live entry if it is held in this process's memory, without any I/O; else null. */
  peek?(key: string): StoredResult | null;
  /** Throws when the store cannot be used (for /readyz): Redis unreachable, directory not writable. */
  ping(): Promise<void>;
}
