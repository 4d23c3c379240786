/**
 * The `browser_profiles` rows (migration 0040, D43): a workspace's saved logins. The state is
 * sealed (lib/secrets/sealed.ts) with the workspace's id as additional data, so a row copied to
 * another workspace does not open; only names, dates, origins and cookie domains are in clear.
 * Every read names the workspace: another workspace's profile does not exist for a caller.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { seal, unseal } from "@/lib/secrets/sealed";
import { ApiError } from "@/lib/vocabulary/errors";
import { type RenderProfile, type StorageState, PROFILE_MAX_BYTES, storageStateSchema } from "./state";

const PURPOSE = "browser-profile";
/** Profiles one workspace may keep. */
export const MAX_PROFILES = 100;

/** A profile as the API and the dashboard show it: never its cookies or values. */
export interface ProfileView {
  name: string;
  origins: string[];
  cookieDomains: string[];
  createdAt: string;
  updatedAt: string;
}

const VIEW = { name: true, origins: true, cookieDomains: true, createdAt: true, updatedAt: true } as const;

const toView = (row: {
  name: string;
  origins: string[];
  cookieDomains: string[];
  createdAt: Date;
  updatedAt: Date;
}) => ({
  name: row.name,
  origins: row.origins,
  cookieDomains: row.cookieDomains,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function profileNotFound(name: string): ApiError {
  return new ApiError("profile_not_found", `No saved profile named ${name} in this workspace.`, { param: "profile" });
}

/** The domains the state's cookies are for, and the origins of its local storage, sorted, for the listing. */
function summary(state: StorageState): { origins: string[]; cookieDomains: string[] } {
  const domains = new Set(state.cookies.map((c) => c.domain.replace(/^\./, "")));
  return { origins: [...new Set(state.origins.map((o) => o.origin))].sort(), cookieDomains: [...domains].sort() };
}

/** Saves (or replaces) the workspace's profile `name`; a replaced one gets a new id. */
export async function saveProfile(userId: string, name: string, state: StorageState): Promise<ProfileView> {
  const plain = JSON.stringify(state);
  if (Buffer.byteLength(plain) > PROFILE_MAX_BYTES) {
    throw new ApiError(
      "profile_too_large",
      `The session's cookies and local storage are larger than ${PROFILE_MAX_BYTES / 1024} KiB; clear what the login does not need and save again.`,
    );
  }
  const db = await getDb();
  const others = await db.browserProfile.count({ where: { userId, name: { not: name } } });
  if (others >= MAX_PROFILES) {
    throw new ApiError("profile_limit", `A workspace keeps at most ${MAX_PROFILES} profiles; delete one first.`);
  }
  const sealed = { id: randomUUID(), state: await seal(plain, PURPOSE, userId), ...summary(state) };
  const row = await db.browserProfile.upsert({
    where: { userId_name: { userId, name } },
    create: { userId, name, ...sealed },
    update: { ...sealed, updatedAt: new Date() },
    select: VIEW,
  });
  return toView(row);
}

export async function listProfiles(userId: string): Promise<ProfileView[]> {
  const db = await getDb();
  const rows = await db.browserProfile.findMany({ where: { userId }, orderBy: { name: "asc" }, select: VIEW });
  return rows.map(toView);
}

export async function deleteProfile(userId: string, name: string): Promise<boolean> {
  const db = await getDb();
  return (await db.browserProfile.deleteMany({ where: { userId, name } })).count > 0;
}

/** The workspace's profile `name`, opened for a render; 404 profile_not_found when it has none by that name. */
export async function loadProfile(userId: string, name: string): Promise<RenderProfile> {
  const db = await getDb();
  const row = await db.browserProfile.findUnique({
    where: { userId_name: { userId, name } },
    select: { id: true, state: true },
  });
  if (!row) throw profileNotFound(name);
  const state = storageStateSchema.parse(JSON.parse(await unseal(row.state, PURPOSE, userId)));
  return { name, id: row.id, state };
}
