-- Request log details (#35 point 5, D33): what one request asked for and what came of it, so the
-- dashboard can show a single request — its format, target URL, parameters (the key and the
-- signature left out), total time, the error's detail, the stored result's URL — and whether it
-- came from the docs playground.
ALTER TABLE "usage_events" ADD COLUMN "format" TEXT;
ALTER TABLE "usage_events" ADD COLUMN "target_url" TEXT;
ALTER TABLE "usage_events" ADD COLUMN "params" JSONB;
ALTER TABLE "usage_events" ADD COLUMN "total_ms" INTEGER;
ALTER TABLE "usage_events" ADD COLUMN "error_detail" TEXT;
ALTER TABLE "usage_events" ADD COLUMN "result_url" TEXT;
ALTER TABLE "usage_events" ADD COLUMN "via" TEXT;
