"use server";
/**
 * Deleting one's own account from the account page (#51, D28). It acts for the person, not a
 * workspace, so it checks the origin (CSRF) and the session itself, like creating a team; the
 * person confirms by typing their e-mail address (or DELETE when the account has none).
 */
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { sessionCookieName } from "@/lib/auth/constants";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { getCurrentUser } from "@/lib/auth/session";
import { workspaceCookieName } from "@/lib/auth/workspace";
import { log } from "@/lib/log";
import { AccountDeletionRefused, deleteAccount } from "./delete-account";

export interface DeleteAccountState {
  error?: string;
}

export async function deleteAccountAction(_prev: DeleteAccountState, formData: FormData): Promise<DeleteAccountState> {
  if (!isSameOriginRequest(await headers())) return { error: "This request did not come from the Glance dashboard." };
  const user = await getCurrentUser();
  if (!user) return { error: "Your session has ended. Sign in again to delete your account." };
  const typed = String(formData.get("confirm") ?? "").trim();
  const expected = user.email ?? "DELETE";
  if (typed.toLowerCase() !== expected.toLowerCase()) {
    return { error: `Type ${user.email ? "your e-mail address" : "DELETE"} exactly to confirm.` };
  }
  try {
    const plan = await deleteAccount({ id: user.id, email: user.email });
    log.info("account deleted", { userId: user.id, teamsDeleted: plan.deleted.length, teamsLeft: plan.left.length });
  } catch (error) {
    if (error instanceof AccountDeletionRefused) return { error: error.message };
    throw error;
  }
  // The sessions are gone with the account; the browser's cookies go too.
  const jar = await cookies();
  jar.delete(sessionCookieName());
  jar.delete(workspaceCookieName());
  redirect("/signin?deleted=1");
}
