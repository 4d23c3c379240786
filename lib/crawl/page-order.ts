/**
 * The order a crawl's results are read in (D32, migration 0046): each page takes its crawl's next
 * `end_seq` as it ends, and GET /v1/crawl/{id} and pages.jsonl read by it, so a reader's cursor
 * never passes a page that has yet to end (the order found, `seq`, could: a page found early and
 * ended late landed behind it).
 */
import "server-only";
import type { PoolClient } from "pg";
import { getPool } from "@/lib/db/pool";
import type { PageRow } from "./store";

/**
 * A crawl's ended pages after `afterEndSeq`, in the order they ended; one more than `size` says
 * whether there are more. Not the order found (`seq`): a page found early may end after a reader
 * has passed it, and a cursor must never pass a page that is still to come.
 */
export async function endedPages(crawlId: string, afterEndSeq: string, size: number): Promise<PageRow[]> {
  const { rows } = await (
    await getPool()
  ).query<PageRow>(`SELECT * FROM crawl_pages WHERE crawl_id = $1 AND end_seq > $2 ORDER BY end_seq LIMIT $3`, [
    crawlId,
    afterEndSeq,
    size,
  ]);
  return rows;
}

/**
 * Records a page's end, once (a page skipped while it rendered is still recorded: it was charged).
 * A completed or failed page takes its crawl's next `end_seq` first: that update holds the crawl's
 * row lock until this transaction commits, so a crawl's pages become visible in `end_seq` order and
 * a reader's cursor never passes one still uncommitted (a plain sequence would not promise that).
 * The crawl's row before the page's, the order endCrawl takes them in.
 */
export async function recordPageEnd(
  client: PoolClient,
  page: Pick<PageRow, "seq" | "crawl_id">,
  status: "completed" | "failed" | "skipped",
  result: Record<string, unknown> | null,
  error: Record<string, unknown> | null,
): Promise<void> {
  const endSeq =
    status === "skipped"
      ? null
      : ((
          await client.query<{ n: string }>(
            `UPDATE crawls SET pages_ended = pages_ended + 1 WHERE id = $1 RETURNING pages_ended AS n`,
            [page.crawl_id],
          )
        ).rows[0]?.n ?? null);
  await client.query(
    `UPDATE crawl_pages SET status = $2, result = $3, error = $4, finished_at = now(), end_seq = $5
     WHERE seq = $1 AND status IN ('queued', 'skipped')`,
    [page.seq, status, result ? JSON.stringify(result) : null, error ? JSON.stringify(error) : null, endSeq],
  );
}
