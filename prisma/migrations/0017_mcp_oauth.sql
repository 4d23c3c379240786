-- OAuth for MCP clients that cannot hold an API key (D25): clients registered dynamically (RFC 7591,
-- public clients with PKCE only), single-use authorization codes, and grants — one per client an
-- account connected — holding the hashes of the current access and refresh tokens. Revoking a
-- grant (dashboard, beside the keys) deletes it; its tokens stop working at the next request.
CREATE TABLE "oauth_clients" (
  "id"            TEXT PRIMARY KEY,
  "name"          TEXT NOT NULL,
  "redirect_uris" TEXT[] NOT NULL,
  "created_at"    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE "oauth_codes" (
  "hash"           TEXT PRIMARY KEY,
  "client_id"      TEXT NOT NULL REFERENCES "oauth_clients"("id") ON DELETE CASCADE,
  "user_id"        TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "redirect_uri"   TEXT NOT NULL,
  "code_challenge" TEXT NOT NULL,
  "expires_at"     TIMESTAMPTZ NOT NULL
);

CREATE TABLE "oauth_grants" (
  "id"                 TEXT PRIMARY KEY,
  "client_id"          TEXT NOT NULL REFERENCES "oauth_clients"("id") ON DELETE CASCADE,
  "user_id"            TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "access_hash"        TEXT NOT NULL UNIQUE,
  "access_expires_at"  TIMESTAMPTZ NOT NULL,
  "refresh_hash"       TEXT NOT NULL UNIQUE,
  "refresh_expires_at" TIMESTAMPTZ NOT NULL,
  "created_at"         TIMESTAMPTZ NOT NULL DEFAULT now(),
  "last_used_at"       TIMESTAMPTZ
);
CREATE INDEX "oauth_grants_user_id_idx" ON "oauth_grants"("user_id");
