-- Visual diffs and monitors (D27). Mirrors prisma/schema.prisma.
-- A monitor: a page captured on a schedule and compared with its baseline. Its capture options are
-- kept in query form ([name, value] pairs); headers and cookies (D19 secrets) only sealed, in
-- "capture_secrets" (lib/secrets/sealed.ts). The schedule is here, not in Redis: BullMQ's
-- schedulers (or the in-process one) are rebuilt from these rows.
CREATE TABLE "monitors" (
  "id"                   TEXT PRIMARY KEY,
  "user_id"              TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name"                 TEXT,
  "url"                  TEXT NOT NULL,
  "capture"              JSONB NOT NULL,
  "capture_secrets"      TEXT,
  "interval_seconds"     INTEGER,
  "cron"                 TEXT,
  "threshold"            DOUBLE PRECISION NOT NULL,
  "pixel_threshold"      DOUBLE PRECISION NOT NULL,
  "include_antialiasing" BOOLEAN NOT NULL DEFAULT false,
  "ignore_selectors"     TEXT,
  "webhook_url"          TEXT,
  "email"                TEXT,
  "baseline_mode"        TEXT NOT NULL DEFAULT 'rolling',
  "paused"               BOOLEAN NOT NULL DEFAULT false,
  -- The next tick: claimed by one instance with a conditional update (in-process schedule), shown
  -- in the dashboard either way.
  "next_run_at"          TIMESTAMPTZ(3),
  "created_at"           TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"           TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "monitors_user_id_created_at_idx" ON "monitors"("user_id", "created_at");
CREATE INDEX "monitors_next_run_at_idx" ON "monitors"("next_run_at") WHERE NOT "paused";

-- The capture a monitor's runs are compared with (and what compareTo=<monitor id> names).
CREATE TABLE "monitor_baselines" (
  "monitor_id"      TEXT PRIMARY KEY REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "user_id"         TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "image"           BYTEA NOT NULL,
  "width"           INTEGER NOT NULL,
  "height"          INTEGER NOT NULL,
  "ignored_regions" JSONB,
  -- The run whose capture it is.
  "run_id"          TEXT NOT NULL,
  "captured_at"     TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- A run is a job (D20) of endpoint 'monitor'. A scheduled run names its tick: one job per monitor
-- and tick, however many instances see the tick.
ALTER TABLE "jobs" ADD COLUMN "monitor_id" TEXT REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "jobs" ADD COLUMN "scheduled_for" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "jobs_monitor_id_scheduled_for_key" ON "jobs"("monitor_id", "scheduled_for");
CREATE INDEX "jobs_monitor_id_created_at_idx" ON "jobs"("monitor_id", "created_at");

-- A change alert by e-mail, recorded with the run's end and sent after it (again by any instance's
-- sweep if the sender died first), at most MAX attempts.
CREATE TABLE "monitor_alert_emails" (
  "job_id"        TEXT PRIMARY KEY REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "recipient"     TEXT NOT NULL,
  "subject"       TEXT NOT NULL,
  "body"          TEXT NOT NULL,
  "attempts"      INTEGER NOT NULL DEFAULT 0,
  "claimed_until" TIMESTAMPTZ(3),
  "sent_at"       TIMESTAMPTZ(3),
  "failed_at"     TIMESTAMPTZ(3),
  "created_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "monitor_alert_emails_pending_idx" ON "monitor_alert_emails"("created_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
