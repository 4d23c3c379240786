-- Workspaces (D28). Mirrors prisma/schema.prisma.
-- An account row ("users") is a workspace: everything it owns today (keys, signing secrets, plan
-- and billing, quota and usage, the request log, OG templates, brand kit, webhooks, storage, jobs,
-- monitors) keeps its "user_id" foreign key, now read as "the owning workspace". A person's own
-- row is their personal workspace; a team workspace is a row of kind 'team' that nobody signs in
-- as (no e-mail, no linked identity, no session). Who may reach a workspace, and as what, is
-- "workspace_members" alone.
ALTER TABLE "users" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'personal';
ALTER TABLE "users" ADD CONSTRAINT "users_kind_check" CHECK ("kind" IN ('personal', 'team'));
-- A team workspace has no address to sign in with, so it can never be signed into.
ALTER TABLE "users" ADD CONSTRAINT "users_team_no_email_check" CHECK ("kind" = 'personal' OR "email" IS NULL);

CREATE TABLE "workspace_members" (
  "workspace_id" TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "user_id"      TEXT NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "role"         TEXT NOT NULL CHECK ("role" IN ('owner', 'admin', 'developer', 'billing', 'viewer')),
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("workspace_id", "user_id")
);
CREATE INDEX "workspace_members_user_id_idx" ON "workspace_members"("user_id");

-- Every existing account becomes the personal workspace of its person, who owns it.
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role")
SELECT "id", "id", 'owner' FROM "users" WHERE "kind" = 'personal';

-- Every personal account created from now on (Auth.js's adapter, the admin command, the demo
-- account) owns its workspace from its first row, whichever code path inserted it.
CREATE FUNCTION "glance_personal_workspace_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") VALUES (NEW."id", NEW."id", 'owner')
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
CREATE TRIGGER "users_personal_workspace_owner" AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NEW."kind" = 'personal') EXECUTE FUNCTION "glance_personal_workspace_owner"();
