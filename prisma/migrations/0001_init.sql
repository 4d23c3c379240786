-- Initial schema: next-auth tables, API keys, usage. Mirrors prisma/schema.prisma.
CREATE TYPE "Plan" AS ENUM ('free', 'starter', 'pro', 'business');

CREATE TABLE "users" (
  "id"             TEXT PRIMARY KEY,
  "name"           TEXT,
  "email"          TEXT UNIQUE,
  "email_verified" TIMESTAMP(3),
  "image"          TEXT,
  "plan"           "Plan" NOT NULL DEFAULT 'free',
  "created_at"     TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"     TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "accounts" (
  "user_id"             TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "type"                TEXT NOT NULL,
  "provider"            TEXT NOT NULL,
  "provider_account_id" TEXT NOT NULL,
  "refresh_token"       TEXT,
  "access_token"        TEXT,
  "expires_at"          INTEGER,
  "token_type"          TEXT,
  "scope"               TEXT,
  "id_token"            TEXT,
  "session_state"       TEXT,
  "created_at"          TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"          TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("provider", "provider_account_id")
);

CREATE TABLE "sessions" (
  "session_token" TEXT NOT NULL UNIQUE,
  "user_id"       TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "expires"       TIMESTAMP(3) NOT NULL,
  "created_at"    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "verification_tokens" (
  "identifier" TEXT NOT NULL,
  "token"      TEXT NOT NULL,
  "expires"    TIMESTAMP(3) NOT NULL,
  PRIMARY KEY ("identifier", "token")
);

CREATE TABLE "api_keys" (
  "id"           TEXT PRIMARY KEY,
  "user_id"      TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name"         TEXT NOT NULL,
  "hash"         TEXT NOT NULL UNIQUE,
  "display"      TEXT NOT NULL,
  "created_at"   TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_used_at" TIMESTAMP(3),
  "revoked_at"   TIMESTAMP(3)
);
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");

CREATE TABLE "usage_events" (
  "id"         BIGSERIAL PRIMARY KEY,
  "user_id"    TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "api_key_id" TEXT REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "endpoint"   TEXT NOT NULL,
  "status"     INTEGER NOT NULL,
  "cache"      TEXT,
  "render_ms"  INTEGER,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "usage_events_user_id_created_at_idx" ON "usage_events"("user_id", "created_at");

CREATE TABLE "monthly_usage" (
  "user_id"  TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "month"    TEXT NOT NULL,
  "requests" INTEGER NOT NULL DEFAULT 0,
  "renders"  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("user_id", "month")
);
