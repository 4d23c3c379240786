/**
 * Session-minutes (D39): live browser sessions are metered by their length, rounded up to whole
 * minutes, in the month they ended, in `monthly_usage.session_minutes` beside the month's renders.
 * lib/sessions calls this once per session, after the statement that recorded its end.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";
import { monthKey } from "./quota";

/** A session of `ms` milliseconds counts this many minutes (a started minute is a minute). */
export function sessionMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

export async function addSessionMinutes(userId: string, minutes: number, endedAt: Date): Promise<void> {
  const pool = await getPool();
  await pool.query(
    `INSERT INTO monthly_usage (user_id, month, requests, renders, session_minutes) VALUES ($1, $2, 0, 0, $3)
     ON CONFLICT (user_id, month) DO UPDATE SET session_minutes = monthly_usage.session_minutes + EXCLUDED.session_minutes`,
    [userId, monthKey(endedAt), minutes],
  );
}
