/**
 * GET /v1/sessions/{id}/recording (video/mp4) and GET /v1/sessions/{id}/network (the HAR-like
 * network log), D39: a recorded session's files once it has ended. Another workspace's id is a
 * 404 like an unknown one; a session not recorded (or whose recording expired) is 404
 * recording_not_found; a live one, or one whose recording is still being stored, 409.
 */
import "server-only";
import type { ApiContext } from "@/lib/api/context";
import type { NoParams } from "@/lib/api/no-params";
import type { FileOutcome } from "@/lib/api/outcome";
import { getResultStore } from "@/lib/results/store";
import { ApiError } from "@/lib/vocabulary/errors";
import { recordingOf } from "./recording-store";
import { findSession } from "./store";

const PATH = /^\/v1\/sessions\/([^/]+)\/(recording|network)\/?$/;
/** An ended session's recording not stored after this long never will be (its instance died meanwhile). */
const STORING_GRACE_MS = 10 * 60_000;
const RETRY_AFTER_S = "5";

const notFound = () => new ApiError("session_not_found", "No browser session with this id for this account.");
const noRecording = () =>
  new ApiError("recording_not_found", "This browser session was not recorded, or its recording has expired.");
const notReady = (message: string) =>
  new ApiError("recording_not_ready", message, { headers: { "Retry-After": RETRY_AFTER_S } });

async function recordedFile(ctx: ApiContext<NoParams>): Promise<FileOutcome> {
  const match = PATH.exec(ctx.path);
  if (!match) throw notFound();
  const id = decodeURIComponent(match[1]!);
  const part = match[2] === "recording" ? "video" : "network";
  const session = await findSession(ctx.caller.userId, id);
  if (!session) throw notFound();
  const recording = await recordingOf(id);
  if (!recording?.record) throw noRecording();
  if (session.status !== "ended")
    throw notReady("The session is still live: its recording is downloadable once it ends.");
  if (!recording.keys) {
    const endedMs = session.endedAt ? Date.parse(session.endedAt) : 0;
    if (Date.now() - endedMs < STORING_GRACE_MS) throw notReady("The session's recording is still being stored.");
    throw noRecording();
  }
  const key = recording.keys[part];
  const stored = key ? await getResultStore().get(key) : null;
  if (!stored) throw noRecording();
  return {
    kind: "file",
    status: 200,
    bytes: stored.bytes,
    contentType: stored.contentType,
    fileName: `${id}-${part}.${stored.ext}`,
    headers: { "Cache-Control": "private, no-store" },
  };
}

export const handleSessionRecording = recordedFile;
export const handleSessionNetwork = recordedFile;
