-- Async jobs (D20): a job is recorded here before its 202, and this row, not the queue, is the
-- truth about it: the queue only says "look at job X now". Mirrors prisma/schema.prisma.
CREATE TABLE "job_batches" (
  "id"          TEXT PRIMARY KEY,
  "user_id"     TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "webhook_url" TEXT,
  "size"        INTEGER NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  -- Set once, by the job that finishes the batch last (the batch's one webhook, D20).
  "finished_at" TIMESTAMPTZ(3)
);
CREATE INDEX "job_batches_user_id_idx" ON "job_batches"("user_id");

CREATE TABLE "jobs" (
  "id"          TEXT PRIMARY KEY,
  "user_id"     TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "api_key_id"  TEXT REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "batch_id"    TEXT REFERENCES "job_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "endpoint"    TEXT NOT NULL,
  -- The request in query form ([name, value] pairs); cleared when the job ends, since it may hold
  -- secrets (headers, cookies, D19) that must not outlive the work.
  "request"     JSONB,
  "timeout_ms"  INTEGER,
  "webhook_url" TEXT,
  "state"       TEXT NOT NULL DEFAULT 'queued',
  "attempts"    INTEGER NOT NULL DEFAULT 0,
  -- Which instance runs it and until when its claim holds; an expired lease is picked up again.
  "lease_owner" TEXT,
  "lease_until" TIMESTAMPTZ(3),
  "result"      JSONB,
  "error"       JSONB,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at"  TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3)
);
CREATE INDEX "jobs_user_id_created_at_idx" ON "jobs"("user_id", "created_at");
CREATE INDEX "jobs_batch_id_idx" ON "jobs"("batch_id");
CREATE INDEX "jobs_state_lease_until_idx" ON "jobs"("state", "lease_until");
