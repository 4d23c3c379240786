/**
 * What a saved login (a profile, D43) holds: the cookies of a live session's browser contexts and
 * the local storage of the origins its pages had open, in the shape Playwright's `storageState`
 * uses (familiar to anyone who saved one there). It is checked again when read back: what a render
 * hands Chromium is always this shape, whatever the row holds.
 */
import { z } from "zod";

/** A profile's name: what `profile=` and the API's paths carry. */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const PROFILE_NAME_RULE =
  "a profile name is 1-64 letters, digits, dots, hyphens or underscores, starting with a letter or digit";

/** The largest state a profile may hold, as JSON: a few hundred cookies and a site's local storage fit easily. */
export const PROFILE_MAX_BYTES = 1024 * 1024;

const cookieSchema = z.object({
  name: z.string(),
  value: z.string(),
  domain: z.string(),
  path: z.string(),
  /** Unix seconds; -1 for a session cookie. */
  expires: z.number(),
  httpOnly: z.boolean(),
  secure: z.boolean(),
  sameSite: z.enum(["Strict", "Lax", "None"]).optional(),
});

const originSchema = z.object({
  origin: z.string(),
  localStorage: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const storageStateSchema = z.object({
  cookies: z.array(cookieSchema),
  origins: z.array(originSchema),
});

export type StorageState = z.output<typeof storageStateSchema>;
export type ProfileCookie = z.output<typeof cookieSchema>;

/** A profile as a render uses it: its row's id (which changes on every save: the cache key's part) and its state. */
export interface RenderProfile {
  name: string;
  id: string;
  state: StorageState;
}
