/**
 * What the role tests share (D28): a stand-in for Next's request scope (the request's headers and
 * cookie jar, which the actions read through next/headers, only there inside a Next server), and
 * a team workspace on real PostgreSQL with one member of every role and an outsider.
 *
 * A test file mocks next/headers with the stand-in, before its imports:
 *   vi.mock("next/headers", async () => (await import("./support")).nextHeadersStandIn);
 */
import { beforeAll } from "vitest";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";

export const APP_URL = "http://localhost:3000";
export const ROLES = ["owner", "admin", "developer", "billing", "viewer"] as const;
type Role = (typeof ROLES)[number];

/** The current request's scope, as the stand-in for next/headers answers it. */
export const scope = { headers: new Headers(), cookies: new Map<string, string>() };

export const nextHeadersStandIn = {
  headers: async () => scope.headers,
  cookies: async () => ({
    get: (name: string) => (scope.cookies.has(name) ? { name, value: scope.cookies.get(name) } : undefined),
    set: (name: string, value: string) => void scope.cookies.set(name, value),
    delete: (name: string) => void scope.cookies.delete(name),
  }),
};

export async function person(email: string): Promise<{ id: string; token: string }> {
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  const user = await db.user.create({ data: { email } });
  const token = `tok_${email}`;
  await db.session.create({
    data: { sessionToken: token, userId: user.id, expires: new Date(Date.now() + 3_600_000) },
  });
  return { id: user.id, token };
}

/** The request scope of one dashboard request by `who`, whose workspace cookie names `workspace`. */
export async function actAs(who: { token: string }, workspace: string): Promise<void> {
  const { sessionCookieName } = await import("@/lib/auth/constants");
  const { workspaceCookieName } = await import("@/lib/auth/workspace");
  scope.headers = new Headers({ origin: APP_URL });
  scope.cookies = new Map([
    [sessionCookieName(), who.token],
    [workspaceCookieName(), workspace],
  ]);
}

export function form(fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

/** Where a redirecting action sent the browser (Next's redirect throws with the URL in its digest). */
export async function redirectOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (digest.startsWith("NEXT_REDIRECT")) return digest.split(";")[2];
    throw error;
  }
  return "";
}

/**
 * Registers the file's environment and a hook that makes the team "Acme" (Business plan) with a
 * member of every role, and an outsider; `people` is filled and `team` is its id while tests run.
 */
export function teamOfEveryRole() {
  let team: string | undefined;
  const people = {} as Record<Role | "outsider", { id: string; token: string }>;
  testEnvironment({ extra: { APP_URL } });
  beforeAll(async () => {
    for (const role of ROLES) people[role] = await person(`${role}@example.test`);
    people.outsider = await person("outsider@example.test");
    const { createTeam } = await import("@/lib/workspaces/members");
    const { getDb } = await import("@/lib/db");
    team = await createTeam(people.owner.id, "Acme");
    const db = await getDb();
    // Business: room for every key the table creates, so only the role can refuse.
    await db.user.update({ where: { id: team }, data: { plan: "business" } });
    for (const role of ROLES.filter((r) => r !== "owner")) {
      await db.workspaceMember.create({ data: { workspaceId: team, userId: people[role].id, role } });
    }
  });
  return {
    people,
    get team() {
      return madeInBeforeAll(team, "the team workspace");
    },
  };
}
