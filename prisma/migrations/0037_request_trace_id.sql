-- Traces (issue 48, D40): the trace a request belongs to, in the request log. The id of the
-- request's span's trace when tracing is on, else the trace id of the caller's W3C traceparent;
-- null when neither (32 lower-case hex digits otherwise).
ALTER TABLE "usage_events" ADD COLUMN "trace_id" TEXT;
