/**
 * Auth settings shared by the Auth.js configuration and the code that reads sessions. Kept apart
 * from lib/auth/config.ts so that reading a session never loads next-auth itself.
 */
import { env } from "@/lib/env";

export const AUTH_BASE_PATH = "/api/auth";
/** Sign-in links are single use and short-lived: a leaked old e-mail is worthless. */
export const SIGN_IN_LINK_MAX_AGE_SECONDS = 30 * 60;
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function secureCookies(): boolean {
  return env().APP_URL.startsWith("https:");
}

/** Named explicitly (config.ts passes it to Auth.js) so session readers use exactly that cookie. */
export function sessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}authjs.session-token`;
}
