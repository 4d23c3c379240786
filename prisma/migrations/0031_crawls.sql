-- Site crawls (issue 44, D32): a crawl and its pages. Each page is rendered by a job of its own
-- (jobs.crawl_id, endpoint 'crawl'), claimed, leased and ended once like any job (D20), so a crawl
-- survives the instance running it. A page's URL key (lib/map/scope.ts) is unique per crawl: a
-- page found twice — by two pages at once, or again after a restart — is recorded, rendered and
-- charged once. `seq` orders a crawl's pages for the keyset pages of GET /v1/crawl/{id}.
CREATE TABLE "crawls" (
  "id" TEXT PRIMARY KEY,
  "user_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "api_key_id" TEXT REFERENCES "api_keys"("id"),
  "oauth_grant_id" TEXT,
  "url" TEXT NOT NULL,
  "options" JSONB NOT NULL,
  "page_limit" INTEGER NOT NULL,
  "discovered" INTEGER NOT NULL DEFAULT 0,
  "status" TEXT NOT NULL DEFAULT 'running',
  "stop_reason" TEXT,
  "webhook_url" TEXT,
  -- Per-host politeness (robots.txt Crawl-delay): the earliest time the next page may be fetched.
  "next_fetch_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "finished_at" TIMESTAMPTZ(3)
);
CREATE INDEX "crawls_user_id_created_at_idx" ON "crawls" ("user_id", "created_at");

CREATE TABLE "crawl_pages" (
  "seq" BIGSERIAL PRIMARY KEY,
  "crawl_id" TEXT NOT NULL REFERENCES "crawls"("id") ON DELETE CASCADE,
  "url_key" TEXT NOT NULL,
  "url" TEXT NOT NULL,
  "depth" INTEGER NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'queued',
  "job_id" TEXT,
  "result" JSONB,
  "error" JSONB,
  "finished_at" TIMESTAMPTZ(3),
  UNIQUE ("crawl_id", "url_key")
);
CREATE INDEX "crawl_pages_crawl_id_seq_idx" ON "crawl_pages" ("crawl_id", "seq");
CREATE UNIQUE INDEX "crawl_pages_job_id_key" ON "crawl_pages" ("job_id");

ALTER TABLE "jobs" ADD COLUMN "crawl_id" TEXT REFERENCES "crawls"("id") ON DELETE CASCADE;
CREATE INDEX "jobs_crawl_id_idx" ON "jobs" ("crawl_id");
