-- Signed URLs (issue 14, ARCHITECTURE D15).
--
-- public_id: the key's public identifier, safe in URLs (`key_id=`). Existing keys get one here; new
-- keys get one from the application (lib/keys/format.ts). It is not a credential.
-- signing_nonce: random input of the key's signing secret, which is HMAC(server signing secret,
-- public_id, nonce) and is never stored. NULL means the key has no signing secret yet (keys made
-- before signed URLs): the owner rolls one in the dashboard. A dump of this table alone cannot
-- sign anything.
-- allowed_endpoints / monthly_render_cap: optional per-key restrictions (NULL = none).
ALTER TABLE "api_keys"
  ADD COLUMN "public_id"          TEXT NOT NULL DEFAULT ('pk_live_' || substr(md5(random()::text || clock_timestamp()::text), 1, 24)),
  ADD COLUMN "signing_nonce"      TEXT,
  ADD COLUMN "allowed_endpoints"  TEXT[],
  ADD COLUMN "monthly_render_cap" INTEGER;
CREATE UNIQUE INDEX "api_keys_public_id_key" ON "api_keys"("public_id");

-- Renders per key per month, for monthly_render_cap (the account's quota stays in monthly_usage).
CREATE TABLE "key_monthly_usage" (
  "api_key_id" TEXT NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "month"      TEXT NOT NULL,
  "renders"    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("api_key_id", "month")
);
