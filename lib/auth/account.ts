/**
 * What the account page shows about the signed-in user beyond the session: when they joined and
 * how they can sign in. Data access stays in lib, behind `server-only`, like the other features.
 */
import "server-only";
import { getDb } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";

export interface AccountProfile {
  /** null only if the user row vanished between the session lookup and this query. */
  memberSince: Date | null;
  /** Human names of the sign-in methods: "e-mail link" when the user has an address, then each linked provider. */
  signInMethods: string[];
}

export async function accountProfile(user: Pick<SessionUser, "id" | "email">): Promise<AccountProfile> {
  const db = await getDb();
  const [profile, accounts] = await Promise.all([
    db.user.findUnique({ where: { id: user.id }, select: { createdAt: true } }),
    db.account.findMany({ where: { userId: user.id }, select: { provider: true } }),
  ]);
  const providers = accounts.map((a) => (a.provider === "github" ? "GitHub" : a.provider));
  return {
    memberSince: profile?.createdAt ?? null,
    signInMethods: user.email ? ["e-mail link", ...providers] : providers,
  };
}
