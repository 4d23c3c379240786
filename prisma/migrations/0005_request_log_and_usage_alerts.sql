-- Request log (D18): usage_events gains what the dashboard's log shows per request. Rows are kept
-- 30 days and at most USAGE_LOG_MAX_ROWS_PER_ACCOUNT per account (lib/usage/retention.ts prunes).
ALTER TABLE "usage_events" ADD COLUMN "request_id" TEXT;
ALTER TABLE "usage_events" ADD COLUMN "error_code" TEXT;
ALTER TABLE "usage_events" ADD COLUMN "target_host" TEXT;
-- Global age-based pruning walks this one.
CREATE INDEX "usage_events_created_at_idx" ON "usage_events"("created_at");

-- Quota alerts (D18): one row per account, month and threshold once its e-mail went out, so
-- every instance sends each alert at most once per period.
CREATE TABLE "usage_alerts" (
  "user_id"   TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "month"     TEXT NOT NULL,
  "threshold" INTEGER NOT NULL,
  "sent_at"   TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("user_id", "month", "threshold")
);
