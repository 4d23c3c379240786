-- GET /v1/crawl/{id} pages a crawl's ended pages by a cursor (issue 44, D32). Ordered by `seq`, the
-- order pages were found, a page found early but ended late landed behind a reader's cursor and was
-- never read. A page now takes its crawl's next `end_seq` as it ends, from a counter on the crawl's
-- row: the counter's update locks that row until the page's transaction commits, so a crawl's
-- pages commit in `end_seq` order and a cursor never passes a page not yet visible.
ALTER TABLE "crawls" ADD COLUMN "pages_ended" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "crawl_pages" ADD COLUMN "end_seq" BIGINT;

-- Pages that ended before this: numbered in the order they ended (then found), per crawl.
UPDATE "crawl_pages" p SET "end_seq" = r.n
FROM (
  SELECT "seq", row_number() OVER (PARTITION BY "crawl_id" ORDER BY "finished_at", "seq") AS n
  FROM "crawl_pages" WHERE "status" IN ('completed', 'failed')
) r
WHERE p."seq" = r."seq";
UPDATE "crawls" c SET "pages_ended" = m.n
FROM (SELECT "crawl_id", max("end_seq") AS n FROM "crawl_pages" GROUP BY "crawl_id") m
WHERE c."id" = m."crawl_id" AND m.n IS NOT NULL;

CREATE INDEX "crawl_pages_crawl_id_end_seq_idx" ON "crawl_pages" ("crawl_id", "end_seq");
