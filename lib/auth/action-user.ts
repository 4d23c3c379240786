/**
 * Who may run a dashboard server action: the signed-in user, from a request made by our own pages
 * (CSRF, on top of Next.js's own check). Shared by the key, storage, webhook and brand-kit actions; not a
 * "use server" module, so it is no endpoint of its own.
 */
import "server-only";
import { headers } from "next/headers";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { getCurrentUser, type SessionUser } from "@/lib/auth/session";

const WRONG_ORIGIN = "This request did not come from the Glance dashboard.";

/** `what` finishes the signed-out message: "Sign in again to manage <what>." */
export async function actionUser(what: string): Promise<{ user: SessionUser } | { error: string }> {
  if (!isSameOriginRequest(await headers())) return { error: WRONG_ORIGIN };
  const user = await getCurrentUser();
  return user ? { user } : { error: `Your session has ended. Sign in again to manage ${what}.` };
}
