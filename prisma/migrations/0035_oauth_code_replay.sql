-- A replayed authorization code revokes what it gave (D25, issue 43). Mirrors prisma/schema.prisma.
-- A grant remembers the SHA-256 of the code it was exchanged for: the same code presented again is
-- a stolen code in use (RFC 6749 §4.1.2, OAuth 2.1 §4.1.3), and the grant is deleted with its
-- access and refresh tokens. Grants made before this migration have none and are left as they are.
ALTER TABLE "oauth_grants" ADD COLUMN "code_hash" TEXT;
CREATE UNIQUE INDEX "oauth_grants_code_hash_key" ON "oauth_grants"("code_hash");
