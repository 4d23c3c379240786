-- The connected app a job was accepted through (issue 43 point 1, D20, D25, D28): a job started
-- with an MCP OAuth access token records its grant's id, and is checked against it when it starts,
-- as a key's job is checked against its key. No foreign key: disconnecting the app, or removing the
-- member who approved it, deletes the grant row, and a job must then still know it had one (ON
-- DELETE SET NULL would make it look like a workspace's own run, which goes on). A job of a grant
-- that no longer exists fails with 401 oauth_grant_revoked, uncharged. Jobs accepted before have
-- NULL and run as they did.
ALTER TABLE "jobs" ADD COLUMN "oauth_grant_id" TEXT;
