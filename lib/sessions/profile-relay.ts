/**
 * Saving a profile (D43) from a session another instance holds: the cookies and local storage are
 * read by DevTools from the browser, which is on the holder, so the holder reads and saves them
 * itself (it has the database) and answers the profile's view — the state never crosses Redis.
 * Asked through the session relay (relay.ts) after this instance found the session's row, live,
 * in the caller's workspace; the holder saves only for that session's own workspace.
 */
import "server-only";
import { PROFILE_NAME, PROFILE_NAME_RULE } from "@/lib/profiles/state";
import { type ProfileView, saveProfile } from "@/lib/profiles/store";
import { ApiError } from "@/lib/vocabulary/errors";
import { forwardStep, problemError, type RelayStep } from "./relay";

export const SAVE_PROFILE_STEP = "saveProfile";

/** Reading the state (a few DevTools calls per page) and one row written take well under this. */
const ANSWER_MS = 20_000;

/** The holder's side: the name is checked again, as anything on Redis may have sent it. */
export const saveHeldProfile: RelayStep = async (held, args) => {
  const name = typeof args.name === "string" ? args.name : "";
  if (!PROFILE_NAME.test(name))
    throw new ApiError("invalid_parameter", `name: ${PROFILE_NAME_RULE}.`, { param: "name" });
  return saveProfile(held.workspaceId, name, await held.bridge.storageState());
};

const notLive = (detail: string) => new ApiError("session_not_live", detail);
const GONE =
  "The session is no longer live: the instance of the server that held its browser has stopped, or the session has just ended. A profile is saved from a live session, before its client disconnects.";

/** The asking side: a session of the caller's workspace whose row says live, on another instance. */
export async function saveProfileElsewhere(userId: string, sessionId: string, name: string): Promise<ProfileView> {
  const answer = await forwardStep(
    { sessionId, step: SAVE_PROFILE_STEP, workspaceId: userId, args: { name } },
    ANSWER_MS,
  );
  if ("result" in answer) return answer.result as ProfileView;
  if ("problem" in answer) {
    // The row was the caller's here: a holder without the session for it means it ended between the two.
    if (answer.problem.code === "session_not_found") throw notLive(GONE);
    throw problemError(answer.problem);
  }
  switch (answer.unreached) {
    case "no relay":
      throw notLive(
        "The session is live on another instance of the server, and without Redis (REDIS_URL or Upstash) the instances cannot reach each other; send the request again (it must reach the instance holding the session).",
      );
    case "unavailable":
      throw notLive(
        "The session is live on another instance of the server, which cannot be reached now (Redis is unavailable).",
      );
    case "nobody":
      throw notLive(GONE);
    case "timeout":
      throw notLive(`The instance of the server holding the session did not answer within ${ANSWER_MS / 1000} s.`);
  }
}
