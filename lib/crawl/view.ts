/**
 * A crawl as the API shows it (D32): GET /v1/crawl/{id}, the `crawl.completed` webhook and the
 * dashboard read the same shape. A page shows its URL, depth, status, title, the formats asked
 * for and, when it failed, the problem+json its render answered.
 */
import "server-only";
import { env } from "@/lib/env";
import { endedPages } from "./page-order";
import type { CrawlCounts, CrawlRow, PageRow } from "./store";

/** What a crawl id looks like (lib/crawl/store.ts makes them); anything else is not looked up. */
export const CRAWL_ID_PATTERN = /^crawl_[a-z0-9]{24}$/;

export function statusUrlOf(crawlId: string): string {
  return `${env().APP_URL}/v1/crawl/${crawlId}`;
}

export function crawlView(crawl: CrawlRow, counts: CrawlCounts): Record<string, unknown> {
  return {
    id: crawl.id,
    url: crawl.url,
    status: crawl.status,
    ...(crawl.stop_reason ? { stopReason: crawl.stop_reason } : {}),
    total: counts.total,
    completed: counts.completed,
    failed: counts.failed,
    pageLimit: crawl.page_limit,
    statusUrl: statusUrlOf(crawl.id),
    createdAt: crawl.created_at.toISOString(),
    finishedAt: crawl.finished_at?.toISOString() ?? null,
  };
}

export function pageView(page: PageRow): Record<string, unknown> {
  const result = page.result ?? {};
  return {
    url: page.url,
    depth: page.depth,
    status: page.status,
    title: (result.title as string | null | undefined) ?? null,
    ...Object.fromEntries(Object.entries(result).filter(([name]) => name !== "title")),
    ...(page.error ? { error: page.error } : {}),
  };
}

/** Every ended page of a crawl as one JSON object per line, read from the database 200 at a time. */
export function pagesJsonlStream(crawlId: string): ReadableStream<Uint8Array> {
  let after = "0";
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await endedPages(crawlId, after, 200);
      if (rows.length === 0) return controller.close();
      after = rows[rows.length - 1].end_seq!;
      controller.enqueue(encoder.encode(rows.map((row) => `${JSON.stringify(pageView(row))}\n`).join("")));
    },
  });
}
