-- The audit log of a workspace (D28). Mirrors prisma/schema.prisma.
-- Who did what and when: the actor's id (null once their account is gone) and their address at
-- the time, kept so the log still reads after they leave. Kept AUDIT_RETENTION_DAYS
-- (lib/workspaces/audit.ts), pruned in bounded batches.
CREATE TABLE "audit_events" (
  "id"           BIGSERIAL PRIMARY KEY,
  "workspace_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "actor_id"     TEXT REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "actor_label"  TEXT,
  "action"       TEXT NOT NULL,
  "target"       TEXT,
  "detail"       JSONB,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "audit_events_workspace_id_created_at_idx" ON "audit_events"("workspace_id", "created_at");
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at");
