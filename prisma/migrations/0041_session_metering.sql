-- Session-minutes metered once, whoever ends the session (issue 45, D39): the statement that
-- records a session's end also writes its minutes here, adds them to the month and writes its
-- request-log entry, so a session ended twice (its instance and a sweeper) counts once. A session
-- whose instance died is ended by any other instance's sweeper (or the next start) at its last
-- heartbeat. `stripe_reported_at`: when its minutes reached Stripe's meter (billing on only).
ALTER TABLE "browser_sessions" ADD COLUMN "minutes" INTEGER;
ALTER TABLE "browser_sessions" ADD COLUMN "stripe_reported_at" TIMESTAMP(3);
CREATE INDEX "browser_sessions_live_seen_at_idx" ON "browser_sessions"("seen_at")
  WHERE "started_at" IS NOT NULL AND "ended_at" IS NULL;
CREATE INDEX "browser_sessions_unreported_idx" ON "browser_sessions"("ended_at")
  WHERE "minutes" IS NOT NULL AND "stripe_reported_at" IS NULL;

-- A session's line in the request log: its minutes.
ALTER TABLE "usage_events" ADD COLUMN "session_minutes" INTEGER;
