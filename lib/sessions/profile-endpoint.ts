/**
 * Saved logins (D43): POST /v1/sessions/{id}/profile saves a live session's cookies and local
 * storage as a named profile of the workspace; GET /v1/profiles lists the workspace's profiles
 * (names, dates, origins, never a value); GET and DELETE /v1/profiles/{name}. Renders use them
 * with `profile=<name>` (lib/page/profile.ts).
 */
import "server-only";
import type { z } from "zod";
import type { ApiContext } from "@/lib/api/context";
import { noParamsEndpoint, type NoParams } from "@/lib/api/no-params";
import { emptyOutcome, type EmptyOutcome, jsonOutcome, type JsonOutcome } from "@/lib/api/outcome";
import { deleteProfile, listProfiles, profileNotFound, type ProfileView, saveProfile } from "@/lib/profiles/store";
import { ApiError } from "@/lib/vocabulary/errors";
import { liveSession } from "./connect";
import { saveProfileElsewhere } from "./profile-relay";
import type { saveProfileParams } from "./profile-schema";
import { findSession } from "./store";

export const profilesEndpoint = noParamsEndpoint("sessions");

const NO_STORE = { "Cache-Control": "no-store" };
const SESSION_PATH = /^\/v1\/sessions\/([^/]+)\/profile\/?$/;
const PROFILE_PATH = /^\/v1\/profiles\/([^/]+)\/?$/;

function pathPart(path: string, pattern: RegExp): string | undefined {
  const part = pattern.exec(path)?.[1];
  try {
    return part === undefined ? undefined : decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * Saves the session's state under `name`: the session must be the workspace's (else 404) and live
 * (else 409 session_not_live). Its browser is on the instance holding it: here, the state is read
 * and saved here; on another instance, that instance reads and saves it (profile-relay.ts).
 */
export async function saveSessionProfile(userId: string, sessionId: string, name: string): Promise<ProfileView> {
  const session = await findSession(userId, sessionId);
  if (!session) throw new ApiError("session_not_found", "No browser session with this id for this account.");
  const bridge = liveSession(sessionId);
  if (bridge && !bridge.endReason) return saveProfile(userId, name, await bridge.storageState());
  if (session.status !== "live")
    throw new ApiError(
      "session_not_live",
      "The session is not live: a profile is saved from a live session, before its client disconnects.",
    );
  return saveProfileElsewhere(userId, sessionId, name);
}

export async function handleSaveProfile(
  ctx: ApiContext<z.output<typeof saveProfileParams>>,
): Promise<JsonOutcome<ProfileView>> {
  const sessionId = pathPart(ctx.path, SESSION_PATH);
  if (!sessionId) throw new ApiError("session_not_found", "No browser session with this id for this account.");
  const view = await saveSessionProfile(ctx.caller.userId, sessionId, ctx.params.name);
  return jsonOutcome(view, { status: 201, headers: NO_STORE });
}

export async function handleListProfiles(ctx: ApiContext<NoParams>): Promise<JsonOutcome> {
  return jsonOutcome({ profiles: await listProfiles(ctx.caller.userId) }, { headers: NO_STORE });
}

export async function handleGetProfile(ctx: ApiContext<NoParams>): Promise<JsonOutcome> {
  const name = pathPart(ctx.path, PROFILE_PATH) ?? "";
  const profile = (await listProfiles(ctx.caller.userId)).find((p) => p.name === name);
  if (!profile) throw profileNotFound(name.slice(0, 64));
  return jsonOutcome(profile, { headers: NO_STORE });
}

export async function handleDeleteProfile(ctx: ApiContext<NoParams>): Promise<EmptyOutcome> {
  const name = pathPart(ctx.path, PROFILE_PATH) ?? "";
  if (!(await deleteProfile(ctx.caller.userId, name))) throw profileNotFound(name.slice(0, 64));
  return emptyOutcome(204, NO_STORE);
}
