-- A browsing session opened by an MCP agent connected over OAuth (issue 45 point 4, D43, D25):
-- the row names the key or the connected app (OAuth grant) that opened it, exactly one of them.
-- No foreign key to oauth_grants, as for jobs (0030): disconnecting the app, or removing the
-- member who approved it, deletes the grant row, and the session must outlive it long enough to
-- be ended (reason revoked) and metered; ON DELETE CASCADE would erase the row and its minutes,
-- and SET NULL would leave a row that names neither. The instance holding the session checks the
-- grant every SESSION_CHECK_MS (grantMayAct) and ends the session when it is gone.
ALTER TABLE "browser_sessions" ALTER COLUMN "api_key_id" DROP NOT NULL;
ALTER TABLE "browser_sessions" ADD COLUMN "oauth_grant_id" TEXT;
ALTER TABLE "browser_sessions" ADD CONSTRAINT "browser_sessions_one_credential_check"
  CHECK (num_nonnulls("api_key_id", "oauth_grant_id") = 1);
