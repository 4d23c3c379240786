/**
 * Who is signed in. Auth.js writes database sessions (sessions table, opaque token in an
 * httpOnly cookie); reading one is a single indexed lookup, done here for pages, server actions
 * and API routes alike, so all three apply the same rule: an unknown or expired token is nobody.
 */
import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { withDuePlanChange } from "@/lib/accounts/plan-change";
import { getDb } from "@/lib/db";
import { sessionCookieName } from "@/lib/auth/constants";
import { safeReturnPath } from "@/lib/auth/local-url";
import { PAGE_PATH_HEADER } from "@/lib/auth/page-path";
import type { PlanId } from "@/lib/plans";

export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
  image: string | null;
  plan: PlanId;
}

const MAX_TOKEN_LENGTH = 256;

export async function findSessionUser(sessionToken: string | undefined, now = new Date()): Promise<SessionUser | null> {
  if (!sessionToken || sessionToken.length > MAX_TOKEN_LENGTH) return null;
  const db = await getDb();
  const row = await db.session.findUnique({
    where: { sessionToken },
    select: {
      expires: true,
      user: { select: { id: true, email: true, name: true, image: true, plan: true, scheduledPlanAt: true } },
    },
  });
  if (!row || row.expires <= now) return null;
  const { scheduledPlanAt, ...found } = row.user;
  // A plan change that fell due (end of the paid period or of the payment grace, D18) applies on
  // the signed-in side too: the playground, key creation and the pages see the plan the key
  // lookup would, not the one paid for until yesterday.
  const user = await withDuePlanChange(
    found,
    () => (scheduledPlanAt && scheduledPlanAt <= now ? found.id : null),
    async () => ({
      ...found,
      ...(await db.user.findUniqueOrThrow({ where: { id: found.id }, select: { plan: true } })),
    }),
    now,
  );
  return { ...user, plan: user.plan as PlanId };
}

/** The signed-in user of the current request, or null. Deduplicated per request. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const jar = await cookies();
  return findSessionUser(jar.get(sessionCookieName())?.value);
});

/**
 * The signed-in person; anyone else is sent to sign in and brought back. For what a person does
 * for themself (the MCP consent, D25); the dashboard's pages use requireWorkspace (D28).
 */
export async function requireUser(returnTo = "/dashboard"): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return user;
}

/** The path and query of the page being rendered (set by proxy.ts), for the way back after sign-in. */
export async function pagePath(): Promise<string | undefined> {
  return (await headers()).get(PAGE_PATH_HEADER) ?? undefined;
}
