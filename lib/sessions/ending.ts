/**
 * A session's end, metered once (D39, migration 0041). One statement records the end, the
 * session's minutes (its length rounded up to whole minutes; none for a refused or never-started
 * one), adds them to the month it ended in and writes its request-log entry (via mcp-oauth, no
 * key, for one an OAuth agent opened, D43): only the statement
 * that finds the row still open does any of it, so a session ended by its instance and by a
 * sweeper, or twice by one, counts once — and an instance killed between steps leaves nothing
 * half-counted. A session whose instance died (no heartbeat for staleMs) is ended by the sweeper
 * of any instance, at its last heartbeat.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";
import { staleMs } from "./store";

/** The end time and the rows a statement ends: the session's own end, or every lost session. */
interface EndScope {
  end: string;
  where: string;
  params: unknown[];
}

interface EndedRow {
  id: string;
  user_id: string;
  minutes: number | null;
}

/** The statement. `$1` is the reason, `$2` whether it is metered; the scope's parameters follow. */
async function endWhere(reason: string, metered: boolean, scope: EndScope): Promise<EndedRow[]> {
  const pool = await getPool();
  const result = await pool.query<EndedRow>(
    `WITH ended AS (
       UPDATE browser_sessions s SET ended_at = ${scope.end}, end_reason = $1, token_hash = NULL,
         minutes = CASE WHEN s.started_at IS NULL OR NOT $2::boolean THEN NULL
                        ELSE GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${scope.end} - s.started_at)) / 60.0))::int END
        WHERE s.ended_at IS NULL AND ${scope.where}
        RETURNING s.id, s.user_id, s.api_key_id, s.oauth_grant_id, s.minutes, s.started_at, s.ended_at, s.end_reason
     ), metered AS (
       SELECT * FROM ended WHERE minutes IS NOT NULL
     ), month AS (
       INSERT INTO monthly_usage (user_id, month, requests, renders, session_minutes)
       SELECT user_id, to_char(ended_at, 'YYYY-MM'), 0, 0, sum(minutes) FROM metered
        GROUP BY user_id, to_char(ended_at, 'YYYY-MM')
       ON CONFLICT (user_id, month) DO UPDATE SET session_minutes = monthly_usage.session_minutes + EXCLUDED.session_minutes
     ), logged AS (
       INSERT INTO usage_events (user_id, api_key_id, endpoint, status, created_at, request_id, total_ms, params, via, session_minutes)
       SELECT user_id, api_key_id, 'sessions', 101, ended_at, id,
              LEAST(2147483647, EXTRACT(EPOCH FROM (ended_at - started_at)) * 1000)::int,
              jsonb_build_object('endReason', end_reason, 'minutes', minutes::text),
              CASE WHEN oauth_grant_id IS NULL THEN 'key' ELSE 'mcp-oauth' END, minutes
         FROM metered
     )
     SELECT id, user_id, minutes FROM ended`,
    [reason, metered, ...scope.params],
  );
  return result.rows;
}

/**
 * Records the session's end; answers its owner and minutes only to the statement that ended it
 * (undefined when it had ended already, or is not metered: refused before it began, never connected).
 */
export async function recordEnd(
  id: string,
  reason: string,
  metered = true,
): Promise<{ userId: string; minutes: number } | undefined> {
  const now = "(now() AT TIME ZONE 'UTC')";
  const [row] = await endWhere(reason, metered, { end: now, where: "s.id = $3", params: [id] });
  return row && row.minutes !== null ? { userId: row.user_id, minutes: row.minutes } : undefined;
}

/**
 * Ends every started session whose instance stopped refreshing it (killed, crashed, cut off) at
 * its last heartbeat, reason `lost`, metered as above. Answers the sessions it ended.
 */
export async function endLostSessions(): Promise<EndedRow[]> {
  return endWhere("lost", true, {
    end: "s.seen_at",
    where: `s.started_at IS NOT NULL AND s.seen_at < (now() AT TIME ZONE 'UTC') - make_interval(secs => $3 / 1000.0)`,
    params: [staleMs()],
  });
}
