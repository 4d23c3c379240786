/**
 * Who may act on keys: the signed-in user, from a request made by our own pages (CSRF). Shared by
 * the key actions; not a "use server" module, so it is no endpoint of its own.
 */
import "server-only";
import { headers } from "next/headers";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { getCurrentUser, type SessionUser } from "@/lib/auth/session";

const SIGNED_OUT = "Your session has ended. Sign in again to manage your keys.";
const WRONG_ORIGIN = "This request did not come from the Glance dashboard.";

export async function signedInUser(): Promise<{ user: SessionUser } | { error: string }> {
  if (!isSameOriginRequest(await headers())) return { error: WRONG_ORIGIN };
  const user = await getCurrentUser();
  return user ? { user } : { error: SIGNED_OUT };
}
