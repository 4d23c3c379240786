/**
 * Caps sign-in e-mails per address, so the form can't be used to flood someone's inbox. Counted
 * from the verification tokens themselves (a token's expiry is its creation time + the link
 * lifetime), so it holds across instances without a table of its own.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { SIGN_IN_LINK_MAX_AGE_SECONDS } from "@/lib/auth/constants";

export const SIGN_IN_EMAIL_LIMIT = 3;
const SIGN_IN_EMAIL_WINDOW_SECONDS = 10 * 60;

export async function signInEmailAllowed(email: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const createdAfter = now.getTime() - SIGN_IN_EMAIL_WINDOW_SECONDS * 1000;
  const recent = await db.verificationToken.count({
    where: { identifier: email, expires: { gt: new Date(createdAfter + SIGN_IN_LINK_MAX_AGE_SECONDS * 1000) } },
  });
  return recent < SIGN_IN_EMAIL_LIMIT;
}
