-- Removal ends access (D28, issue 43): every credential a member made in a workspace names them, so
-- removing the member (or leaving, or a role that takes the permission away) can end it at once.
-- Mirrors prisma/schema.prisma.

-- The member who created a key; NULL for a key that belongs to the workspace alone (made by the
-- admin command, kept on a removal, or older than this record with no trace of its maker). Not a
-- foreign key: a membership ends by removal, which revokes the key in the same transaction, and
-- a SET NULL would quietly turn a departed person's key into the workspace's.
ALTER TABLE "api_keys" ADD COLUMN "created_by" TEXT;
CREATE INDEX "api_keys_user_id_created_by_idx" ON "api_keys"("user_id", "created_by");
-- Existing keys: a personal workspace's keys are its person's; a team's are whoever the audit log
-- says created them (keys made since migration 0019); the rest stay the workspace's.
UPDATE "api_keys" k SET "created_by" = k."user_id"
  FROM "users" u WHERE u."id" = k."user_id" AND u."kind" = 'personal';
UPDATE "api_keys" k SET "created_by" = a."actor_id"
  FROM "audit_events" a
  WHERE k."created_by" IS NULL AND a."workspace_id" = k."user_id" AND a."action" = 'key.created'
    AND a."target" = k."id" AND a."actor_id" IS NOT NULL;

-- The person who approved an OAuth client for the workspace (D25): their removal disconnects it.
ALTER TABLE "oauth_codes" ADD COLUMN "approved_by" TEXT REFERENCES "users"("id") ON DELETE CASCADE;
ALTER TABLE "oauth_grants" ADD COLUMN "approved_by" TEXT REFERENCES "users"("id") ON DELETE CASCADE;
CREATE INDEX "oauth_grants_user_id_approved_by_idx" ON "oauth_grants"("user_id", "approved_by");
-- Existing ones: in a personal workspace only its person could approve. A team's grants and codes
-- do not say who approved them, so they are disconnected: the client connects again (one consent).
UPDATE "oauth_codes" c SET "approved_by" = c."user_id"
  FROM "users" u WHERE u."id" = c."user_id" AND u."kind" = 'personal';
UPDATE "oauth_grants" g SET "approved_by" = g."user_id"
  FROM "users" u WHERE u."id" = g."user_id" AND u."kind" = 'personal';
DELETE FROM "oauth_codes" WHERE "approved_by" IS NULL;
DELETE FROM "oauth_grants" WHERE "approved_by" IS NULL;
ALTER TABLE "oauth_codes" ALTER COLUMN "approved_by" SET NOT NULL;
ALTER TABLE "oauth_grants" ALTER COLUMN "approved_by" SET NOT NULL;
