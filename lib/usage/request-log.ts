/**
 * The request log the dashboard shows (D18): the account's requests, newest first, from the
 * usage events the pipeline writes (lib/usage/record.ts) — kept USAGE_LOG_RETENTION_DAYS and
 * bounded per account (lib/usage/retention.ts). Filtered by status class or code, key and
 * endpoint; paged with a keyset cursor (the last row's time and id), so a page costs the same
 * however deep it is.
 */
import "server-only";
import { ENDPOINTS, type EndpointId } from "@/lib/endpoints";
import { getPool } from "@/lib/db/pool";
import { USAGE_LOG_RETENTION_DAYS } from "@/lib/usage/retention";

export const REQUEST_LOG_PAGE_SIZE = 50;

/** How a request came (RequestVia), in the words of the log and of a request's page. */
export const VIA_LABELS: Record<string, string> = {
  key: "API key",
  signed: "Signed URL",
  playground: "Docs playground",
  mcp: "MCP agent (API key)",
  "mcp-oauth": "MCP agent (OAuth)",
};
/** Every endpoint of the pipeline (lib/endpoints.ts): the log's endpoint filter. */
export const LOG_ENDPOINTS = Object.keys(ENDPOINTS) as EndpointId[];
/** Status filters: a class, errors of any kind, or one exact code. */
export const LOG_STATUS_CLASSES = ["2xx", "4xx", "5xx", "errors"] as const;

export interface RequestLogFilter {
  status?: string;
  keyId?: string;
  endpoint?: string;
  /** Cursor from a previous page's `nextCursor`. */
  before?: string;
}

interface RequestLogEntry {
  id: string;
  at: Date;
  endpoint: string;
  keyId: string | null;
  keyName: string | null;
  status: number;
  errorCode: string | null;
  cache: string | null;
  renderMs: number | null;
  targetHost: string | null;
  requestId: string | null;
  format: string | null;
  targetUrl: string | null;
  /** How it came (RequestVia: key, signed, playground, mcp, mcp-oauth); null for requests logged before D33. */
  via: string | null;
  /** A browser session's entry (D39): its metered minutes; null for every request. */
  sessionMinutes: number | null;
}

export interface RequestLogPage {
  entries: RequestLogEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** A log row as both queries read it (one column list, one mapping). */
interface LogRow {
  id: string;
  ms: number;
  endpoint: string;
  api_key_id: string | null;
  key_name: string | null;
  status: number;
  error_code: string | null;
  cache: string | null;
  render_ms: number | null;
  target_host: string | null;
  request_id: string | null;
  format: string | null;
  target_url: string | null;
  via: string | null;
  session_minutes: number | null;
}

// The key is joined on the account too: a key id in a filter can only ever match the caller's own keys.
const LOG_SELECT = `SELECT e.id::text AS id, (extract(epoch FROM e.created_at) * 1000)::float8 AS ms, e.endpoint,
            e.api_key_id, k.name AS key_name, e.status, e.error_code, e.cache, e.render_ms, e.target_host,
            e.request_id, e.format, e.target_url, e.via, e.session_minutes`;
const LOG_FROM = "FROM usage_events e LEFT JOIN api_keys k ON k.id = e.api_key_id AND k.user_id = e.user_id";

function entryOf(r: LogRow): RequestLogEntry {
  return {
    id: r.id,
    at: new Date(r.ms),
    endpoint: r.endpoint,
    keyId: r.api_key_id,
    keyName: r.key_name,
    status: r.status,
    errorCode: r.error_code,
    cache: r.cache,
    renderMs: r.render_ms,
    targetHost: r.target_host,
    requestId: r.request_id,
    format: r.format,
    targetUrl: r.target_url,
    via: r.via,
    sessionMinutes: r.session_minutes,
  };
}

/** Only well-formed filters reach SQL; anything else is ignored, as the page's controls never send it. */
function statusClause(status: string | undefined, values: unknown[]): string {
  if (!status) return "";
  if (/^[1-5]\d\d$/.test(status)) {
    values.push(Number(status));
    return ` AND e.status = $${values.length}`;
  }
  if (status === "errors") return " AND e.status >= 400";
  const cls = /^([245])xx$/.exec(status);
  if (!cls) return "";
  values.push(Number(cls[1]) * 100);
  return ` AND e.status >= $${values.length} AND e.status < $${values.length} + 100`;
}

export async function listRequestLog(
  userId: string,
  filter: RequestLogFilter = {},
  now = new Date(),
): Promise<RequestLogPage> {
  const since = now.getTime() - USAGE_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000;
  const values: unknown[] = [userId, since];
  let where = "e.user_id = $1 AND e.created_at >= to_timestamp($2 / 1000.0) AT TIME ZONE 'UTC'";
  where += statusClause(filter.status, values);
  if (filter.keyId) {
    values.push(filter.keyId);
    where += ` AND e.api_key_id = $${values.length}`;
  }
  if (filter.endpoint && (LOG_ENDPOINTS as readonly string[]).includes(filter.endpoint)) {
    values.push(filter.endpoint);
    where += ` AND e.endpoint = $${values.length}`;
  }
  // The cursor is the last row's id; its time is read back exactly rather than round-tripped through a float.
  if (filter.before && /^\d{1,18}$/.test(filter.before)) {
    values.push(filter.before);
    where += ` AND (e.created_at, e.id) < (SELECT c.created_at, c.id FROM usage_events c WHERE c.id = $${values.length}::bigint AND c.user_id = $1)`;
  }
  values.push(REQUEST_LOG_PAGE_SIZE + 1);
  const pool = await getPool();
  const { rows } = await pool.query<LogRow>(
    `${LOG_SELECT}
       ${LOG_FROM}
      WHERE ${where}
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT $${values.length}`,
    values,
  );
  const page = rows.slice(0, REQUEST_LOG_PAGE_SIZE);
  const entries = page.map(entryOf);
  const last = page.at(-1);
  return { entries, nextCursor: rows.length > REQUEST_LOG_PAGE_SIZE && last ? last.id : null };
}

export interface RequestDetail extends RequestLogEntry {
  params: Record<string, string> | null;
  totalMs: number | null;
  errorDetail: string | null;
  resultUrl: string | null;
  /** The request's trace (D40), to find it in the operator's tracing backend. */
  traceId: string | null;
}

/** One request of the account's log (D33), or null: another account's id is simply not found. */
export async function getRequestDetail(userId: string, id: string): Promise<RequestDetail | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const pool = await getPool();
  const { rows } = await pool.query<
    LogRow & {
      params: Record<string, string> | null;
      total_ms: number | null;
      error_detail: string | null;
      result_url: string | null;
      trace_id: string | null;
    }
  >(
    `${LOG_SELECT}, e.params, e.total_ms, e.error_detail, e.result_url, e.trace_id
       ${LOG_FROM}
      WHERE e.id = $1::bigint AND e.user_id = $2`,
    [id, userId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...entryOf(r),
    params: r.params,
    totalMs: r.total_ms,
    errorDetail: r.error_detail,
    resultUrl: r.result_url,
    traceId: r.trace_id,
  };
}
