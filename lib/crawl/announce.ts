/**
 * The `crawl.completed` webhook (D32), enqueued in the transaction that ends the crawl, so it is
 * sent once (one webhook-id per crawl) to the crawl's webhookUrl or the account's default.
 */
import "server-only";
import type { PoolClient } from "pg";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { crawlCounts, type CrawlRow } from "./store";
import { crawlView } from "./view";

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
