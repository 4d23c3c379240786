/**
 * A recorded session's files (record=true, D39): its video and network log are stored in the
 * result store (D12) under random keys of their own (lib/results kept files, never derived from
 * anything a caller knows), kept as long as the workspace's plan keeps results, and their keys
 * written on the session's row (migration 0043), which any instance reads to serve them.
 */
import "server-only";
import { getPool } from "@/lib/db/pool";
import { OUTPUT_FORMATS } from "@/lib/formats";
import { log } from "@/lib/log";
import { PLANS, type PlanId } from "@/lib/plans";
import { storeKept } from "@/lib/results";
import type { Recording } from "./recorder";

export interface RecordingKeys {
  /** null: the session showed no page, or its video could not be made. */
  video: string | null;
  network: string;
}

/** Stores `recording` for as long as `plan` keeps results and notes its keys on the session's row. */
export async function saveRecording(sessionId: string, plan: PlanId, recording: Recording): Promise<void> {
  const keepMs = PLANS[plan].cacheTtlDays * 86_400_000;
  const network = await storeKept(
    {
      bytes: Buffer.from(JSON.stringify(recording.network)),
      contentType: OUTPUT_FORMATS.json.mime,
      ext: "json",
      metadata: { width: 0, height: 0, renderMs: 0 },
    },
    keepMs,
  );
  const { video } = recording;
  const stored = video
    ? await storeKept(
        {
          bytes: video.bytes,
          contentType: OUTPUT_FORMATS.mp4.mime,
          ext: "mp4",
          metadata: { width: video.width, height: video.height, renderMs: 0, durationMs: video.durationMs },
        },
        keepMs,
      )
    : undefined;
  const keys: RecordingKeys = { video: stored?.key ?? null, network: network.key };
  const pool = await getPool();
  await pool.query(`UPDATE browser_sessions SET recording = $2 WHERE id = $1`, [sessionId, JSON.stringify(keys)]);
  log.info("session recording stored", { sessionId, videoBytes: video?.bytes.length ?? 0 });
}

/** Whether the session was recorded and, once stored, its keys (the caller has checked the workspace). */
export async function recordingOf(
  sessionId: string,
): Promise<{ record: boolean; keys: RecordingKeys | null } | undefined> {
  const pool = await getPool();
  const result = await pool.query<{ record: boolean; recording: RecordingKeys | null }>(
    `SELECT record, recording FROM browser_sessions WHERE id = $1`,
    [sessionId],
  );
  const row = result.rows[0];
  return row ? { record: row.record, keys: row.recording } : undefined;
}
