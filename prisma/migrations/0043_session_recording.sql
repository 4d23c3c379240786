-- Recorded live sessions (issue 45 point 3, D39): `record` is asked for by POST /v1/sessions or
-- the WebSocket URL (record=true) and read by whichever instance the client reaches; `recording`
-- holds the result store's keys of its video and network log once stored after the session ends
-- ({"video": key|null, "network": key}), null until then.
ALTER TABLE "browser_sessions" ADD COLUMN "record" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "browser_sessions" ADD COLUMN "recording" JSONB;
