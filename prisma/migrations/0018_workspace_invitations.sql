-- Invitations to a workspace (D28). Mirrors prisma/schema.prisma.
-- Only the SHA-256 of an invitation's token is kept (like API keys, D5): the link in the e-mail is
-- the only copy. An invitation is pending until accepted, declined, revoked or past expires_at.
CREATE TABLE "workspace_invitations" (
  "id"           TEXT PRIMARY KEY,
  "workspace_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "email"        TEXT NOT NULL,
  "role"         TEXT NOT NULL CHECK ("role" IN ('admin', 'developer', 'billing', 'viewer')),
  "token_hash"   TEXT NOT NULL UNIQUE,
  "invited_by"   TEXT REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at"   TIMESTAMPTZ(3) NOT NULL,
  "accepted_at"  TIMESTAMPTZ(3),
  "declined_at"  TIMESTAMPTZ(3),
  "revoked_at"   TIMESTAMPTZ(3)
);
CREATE INDEX "workspace_invitations_workspace_id_idx" ON "workspace_invitations"("workspace_id", "created_at");
-- One open invitation per address and workspace: inviting again replaces it (the old link dies).
CREATE UNIQUE INDEX "workspace_invitations_open_idx" ON "workspace_invitations"("workspace_id", "email")
  WHERE "accepted_at" IS NULL AND "declined_at" IS NULL AND "revoked_at" IS NULL;
