-- Outbound connectors for private sites (issue 46, D42): a program inside a customer's network
-- dials out to Glance over one WebSocket and answers, for its workspace's renders only, requests to
-- the origins it declares. Its token is stored only as its SHA-256 (shown once, like an API key).
-- Mirrors prisma/schema.prisma.
CREATE TABLE "connectors" (
  "id" TEXT NOT NULL PRIMARY KEY,
  -- The workspace: its deletion deletes the connector, so the token ends with it.
  "user_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" TEXT NOT NULL,
  "token_hash" TEXT NOT NULL UNIQUE,
  "display" TEXT NOT NULL,
  -- The member who created it, like api_keys.created_by (migration 0020): their removal (or a role
  -- without keys.write) revokes it in the same transaction; NULL is the workspace's own (admin command).
  "created_by" TEXT,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "revoked_at" TIMESTAMP(3),
  -- Status (what its last connection said and when it was last heard): the dashboard and GET /v1/connectors.
  "last_seen_at" TIMESTAMP(3),
  "connected_at" TIMESTAMP(3),
  "exposed_origins" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  "version" TEXT
);
CREATE INDEX "connectors_user_id_idx" ON "connectors"("user_id");
CREATE INDEX "connectors_user_id_created_by_idx" ON "connectors"("user_id", "created_by");
