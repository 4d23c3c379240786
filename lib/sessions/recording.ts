/** A recorded session's start and end (record=true, D39): recorder.ts while it lives, recording-store.ts after. */
import "server-only";
import type { Browser } from "puppeteer-core";
import { ApiError } from "@/lib/vocabulary/errors";
import { log } from "@/lib/log";
import type { PlanId } from "@/lib/plans";
import type { SessionBridge } from "./bridge";
import { SessionRecorder } from "./recorder";
import { saveRecording } from "./recording-store";

/** `record` of the WebSocket URL: true, false, 1 or 0 (absent: false); anything else is refused before the upgrade. */
export function recordParam(url: URL): boolean {
  const value = url.searchParams.get("record")?.toLowerCase();
  if (value === undefined || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  throw new ApiError("invalid_parameter", "record must be true, false, 1 or 0.");
}

/** Records the session's pages from now on; when it ends, stores what was recorded. */
export function recordSession(browser: Browser, bridge: SessionBridge, sessionId: string, plan: PlanId): void {
  const recorder = new SessionRecorder(browser, (contextId) => bridge.ownsContext(contextId));
  bridge.onEnd(() => {
    recorder
      .stop()
      .then((recording) => saveRecording(sessionId, plan, recording))
      .catch((error: unknown) => log.warn("a session's recording could not be stored", { sessionId, error }));
  });
}
