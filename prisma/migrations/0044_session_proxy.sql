-- A live session's own proxy (issue 48, D41 with D39): `proxy` says the session goes through the
-- customer's proxy (GET /v1/sessions shows that, never the URL); `proxy_sealed` holds the proxy
-- URL given to POST /v1/sessions, sealed under the account's id (lib/secrets/sealed.ts), only
-- until its connect URL is used (cleared by the same UPDATE), the session is deleted, or its
-- connect URL expires (the sweeper clears it; the partial index keeps that sweep cheap).
ALTER TABLE "browser_sessions" ADD COLUMN "proxy" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "browser_sessions" ADD COLUMN "proxy_sealed" TEXT;
CREATE INDEX "browser_sessions_proxy_sealed_idx" ON "browser_sessions" ("token_expires_at") WHERE "proxy_sealed" IS NOT NULL;
