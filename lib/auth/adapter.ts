/**
 * The Prisma adapter for Auth.js database sessions, with three adjustments:
 * - e-mail addresses are stored lower-cased, so "Ann@x.io" from GitHub and "ann@x.io" typed into
 *   the e-mail form are one account (Auth.js lower-cases e-mail sign-ins, GitHub's API does not);
 * - a linked GitHub account keeps only its identity (provider + account id): we never call GitHub
 *   on the user's behalf, so storing its access token would only be a liability;
 * - unknown token-response fields (GitHub Apps add e.g. `refresh_token_expires_in`) can't break
 *   the insert, because only known columns are written;
 * - deleting a session that is already gone is not an error: a browser may still hold the cookie
 *   of a session that ended elsewhere, and Auth.js deletes it when that browser signs in again.
 */
import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { Adapter, AdapterAccount, AdapterUser } from "next-auth/adapters";
import type { Db } from "@/lib/db";

function lowerEmail<T extends { email?: string | null }>(user: T): T {
  return typeof user.email === "string" ? { ...user, email: user.email.trim().toLowerCase() } : user;
}

export function glanceAdapter(db: Db): Adapter {
  // The generated Prisma 7 client is structurally what the adapter expects; its nominal type differs.
  const base = PrismaAdapter(db as unknown as Parameters<typeof PrismaAdapter>[0]);
  return {
    ...base,
    createUser: (user: AdapterUser) => base.createUser!(lowerEmail(user)),
    updateUser: (user) => base.updateUser!(lowerEmail(user)),
    getUserByEmail: (email: string) => base.getUserByEmail!(email.trim().toLowerCase()),
    linkAccount: (account: AdapterAccount) =>
      base.linkAccount!({
        userId: account.userId,
        type: account.type,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
      } as AdapterAccount),
    deleteSession: async (sessionToken: string) => {
      await db.session.deleteMany({ where: { sessionToken } });
    },
  };
}
