-- OAuth by the book (D25, issue 43). Mirrors prisma/schema.prisma.
-- A code remembers whether the authorization request named its redirect_uri: the token request
-- must then name the same one (RFC 6749 §4.1.3). Codes made before this migration keep the old
-- rule (false): they live ten minutes.
ALTER TABLE "oauth_codes" ADD COLUMN "redirect_uri_sent" BOOLEAN NOT NULL DEFAULT false;

-- The refresh tokens a grant has rotated away, by hash, until they would have expired. One of
-- them presented again is a stolen token in use (OAuth 2.1 §4.3.1, RFC 9700 §4.14.2): the whole
-- grant is deleted, its access and refresh tokens with it, and these rows go with the grant.
CREATE TABLE "oauth_spent_refresh_tokens" (
  "hash"       TEXT PRIMARY KEY,
  "grant_id"   TEXT NOT NULL REFERENCES "oauth_grants"("id") ON DELETE CASCADE,
  "expires_at" TIMESTAMPTZ NOT NULL
);
CREATE INDEX "oauth_spent_refresh_tokens_grant_id_idx" ON "oauth_spent_refresh_tokens"("grant_id");
