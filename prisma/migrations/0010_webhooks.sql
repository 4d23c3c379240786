-- Signed webhooks (D20). Mirrors prisma/schema.prisma.
-- The account's default endpoint and the nonce its signing secret is derived from (the secret
-- itself is never stored, like D15's): rolling the secret is a new nonce.
CREATE TABLE "webhook_settings" (
  "user_id"      TEXT PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "url"          TEXT,
  "secret_nonce" TEXT NOT NULL,
  "updated_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- One row per event to deliver. Its id is the `webhook-id` header: the same on every attempt and
-- for the same event enqueued twice (INSERT … ON CONFLICT DO NOTHING). The body is stored exactly
-- as signed. A pending row is due at `next_attempt_at`; `lease_until` marks the instance working
-- on it, and an expired lease (that instance died) makes it due again.
CREATE TABLE "webhook_deliveries" (
  "id"              TEXT PRIMARY KEY,
  "user_id"         TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "event_type"      TEXT NOT NULL,
  "url"             TEXT NOT NULL,
  "body"            TEXT NOT NULL,
  "state"           TEXT NOT NULL DEFAULT 'pending',
  "attempts"        INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3),
  "lease_until"     TIMESTAMPTZ(3),
  "created_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "finished_at"     TIMESTAMPTZ(3)
);
CREATE INDEX "webhook_deliveries_state_next_attempt_at_idx" ON "webhook_deliveries" ("state", "next_attempt_at");
CREATE INDEX "webhook_deliveries_user_id_created_at_idx" ON "webhook_deliveries" ("user_id", "created_at");

-- Every attempt: what the receiver answered (or why nothing was sent), and how long it took.
CREATE TABLE "webhook_attempts" (
  "id"          BIGSERIAL PRIMARY KEY,
  "delivery_id" TEXT NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "attempt"     INTEGER NOT NULL,
  "started_at"  TIMESTAMPTZ(3) NOT NULL,
  "duration_ms" INTEGER NOT NULL,
  "status_code" INTEGER,
  "error"       TEXT,
  "ok"          BOOLEAN NOT NULL,
  UNIQUE ("delivery_id", "attempt")
);
