-- Live browser sessions (issue 45, D39): one row per CDP session, whether it was opened with a key
-- on /v1/browser or through POST /v1/sessions (then with a single-use connect token, stored only
-- as its SHA-256 and cleared when used). `seen_at` is refreshed by the instance holding the
-- WebSocket while it lives, so a session whose instance died stops counting against the plan's
-- concurrent sessions without anyone closing its row; `ended_at` and `end_reason` say how it ended.
CREATE TABLE "browser_sessions" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "user_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "api_key_id" TEXT NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
  "token_hash" TEXT,
  "token_expires_at" TIMESTAMP(3),
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMP(3),
  "seen_at" TIMESTAMP(3),
  "ended_at" TIMESTAMP(3),
  "end_reason" TEXT,
  "end_requested" BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX "browser_sessions_user_id_created_at_idx" ON "browser_sessions"("user_id", "created_at" DESC);

-- Session-minutes (D39): a session's length, rounded up to whole minutes, is added to the month
-- it ended in, once (by the statement that records its end), beside the month's renders.
ALTER TABLE "monthly_usage" ADD COLUMN "session_minutes" INTEGER NOT NULL DEFAULT 0;
