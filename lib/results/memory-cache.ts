/**
 * A small in-process copy of recently used results in front of the configured store, so a cache
 * HIT on a hot result costs no file read or Redis round trip (the HIT path of the benchmark).
 *
 * Why this is safe: a result is addressed by its cache key (D6), which covers everything that
 * changes the bytes, and an entry never changes while it lives — a new render only happens
 * after it expired. So a copy is exact until its `expiresAt`, which it honours like the stores
 * do. Entries are kept least-recently-used first and bounded in total bytes; results larger
 * than `maxEntryBytes` (full-page captures, long PDFs) go straight to the store each time.
 */
import "server-only";
import type { NewResult, ResultStore, StoredResult } from "@/lib/results/types";

export interface MemoryCacheLimits {
  /** Total bytes of results kept in memory. */
  maxBytes: number;
  /** Larger results are not kept. */
  maxEntryBytes: number;
}

export class MemoryCachedStore implements ResultStore {
  readonly kind: ResultStore["kind"];
  /** Map iteration order is insertion order: re-inserting on use makes the first entry the LRU. */
  private readonly entries = new Map<string, StoredResult>();
  private bytes = 0;

  constructor(
    readonly inner: ResultStore,
    private readonly limits: MemoryCacheLimits,
  ) {
    this.kind = inner.kind;
  }

  /** Bytes currently held (tests, metrics). */
  get heldBytes(): number {
    return this.bytes;
  }

  peek(key: string): StoredResult | null {
    const kept = this.entries.get(key);
    if (!kept) return null;
    this.forget(key);
    if (kept.expiresAt <= Date.now()) return null;
    this.remember(key, kept);
    return kept;
  }

  async get(key: string): Promise<StoredResult | null> {
    const kept = this.peek(key);
    if (kept) return kept;
    const stored = await this.inner.get(key);
    if (stored) this.remember(key, stored);
    return stored;
  }

  async put(key: string, result: NewResult, ttlMs: number): Promise<StoredResult> {
    this.forget(key);
    const stored = await this.inner.put(key, result, ttlMs);
    this.remember(key, stored);
    return stored;
  }

  async delete(key: string): Promise<void> {
    this.forget(key);
    await this.inner.delete(key);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  private remember(key: string, stored: StoredResult): void {
    const size = stored.bytes.length;
    if (size > this.limits.maxEntryBytes || size > this.limits.maxBytes) return;
    this.forget(key);
    this.entries.set(key, stored);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes.length;
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.length;
  }
}
