-- Customer storage (D20). Mirrors prisma/schema.prisma.
-- The account's S3-compatible bucket. The secret access key is stored only encrypted
-- (AES-256-GCM under a key derived from the server's URL-signing secret, lib/storage/crypto.ts);
-- the dashboard shows a masked form and never the secret.
CREATE TABLE "storage_settings" (
  "user_id"           TEXT PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "endpoint"          TEXT NOT NULL,
  "region"            TEXT NOT NULL,
  "bucket"            TEXT NOT NULL,
  "prefix"            TEXT NOT NULL DEFAULT '',
  "access_key_id"     TEXT NOT NULL,
  "secret_ciphertext" TEXT NOT NULL,
  "updated_at"        TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- A job asked with store=true uploads its result to that bucket; `stored` is where it landed.
ALTER TABLE "jobs" ADD COLUMN "store" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "jobs" ADD COLUMN "stored" JSONB;
