/**
 * The `crawl.completed` webhook (D32), enqueued in the transaction that ends the crawl, so it is
 * sent once (one webhook-id per crawl) to the crawl's webhookUrl or the account's default.
 */
import "server-only";
import type { PoolClient } from "pg";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { crawlCounts, type CrawlRow, type PageRow } from "./store";
import { crawlView, pageView } from "./view";

export async function announceCrawlEnd(client: PoolClient, crawlId: string): Promise<void> {
  const crawl = (await client.query<CrawlRow>(`SELECT * FROM crawls WHERE id = $1`, [crawlId])).rows[0];
  if (!crawl) return;
  const counts = await crawlCounts(crawlId, client);
  await enqueueWebhook(
    {
      userId: crawl.user_id,
      type: "crawl.completed",
      key: `crawl:${crawl.id}`,
      data: crawlView(crawl, counts),
      url: crawl.webhook_url,
    },
    client,
  );
}

/** `crawl.page` (with pageWebhooks): the page as the results list it, once per page. */
export async function announcePage(client: PoolClient, crawl: CrawlRow, seq: string): Promise<void> {
  if (!crawl.options.pageWebhooks) return;
  const page = (await client.query<PageRow>(`SELECT * FROM crawl_pages WHERE seq = $1`, [seq])).rows[0];
  if (!page) return;
  await enqueueWebhook(
    {
      userId: crawl.user_id,
      type: "crawl.page",
      key: `crawl:${crawl.id}:page:${page.seq}`,
      data: { crawlId: crawl.id, ...pageView(page) },
      url: crawl.webhook_url,
    },
    client,
  );
}
