/**
 * Roles (D28) enforced on the server, every dashboard action and every session route, for every
 * role: a table of actions, each run as each role of a team workspace on real PostgreSQL, allowed
 * exactly when lib/auth/roles.ts says so. Next's request scope (the request's headers and cookie
 * jar) is the one thing stood in for: the actions read it through next/headers, which only exists
 * inside a Next server; everything behind it (sessions, memberships, the data) is real.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

const scope = vi.hoisted(() => ({ headers: new Headers(), cookies: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () => scope.headers,
  cookies: async () => ({
    get: (name: string) => (scope.cookies.has(name) ? { name, value: scope.cookies.get(name) } : undefined),
    set: (name: string, value: string) => void scope.cookies.set(name, value),
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const APP_URL = "http://localhost:3000";
const ROLES = ["owner", "admin", "developer", "billing", "viewer"] as const;
type Role = (typeof ROLES)[number];
let team: string;
const people = {} as Record<Role | "outsider", { id: string; token: string }>;

async function person(email: string): Promise<{ id: string; token: string }> {
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
async function actAs(who: { token: string }, workspace = team): Promise<void> {
  const { sessionCookieName } = await import("@/lib/auth/constants");
  const { workspaceCookieName } = await import("@/lib/auth/workspace");
  scope.headers = new Headers({ origin: APP_URL });
  scope.cookies = new Map([
    [sessionCookieName(), who.token],
    [workspaceCookieName(), workspace],
  ]);
}

function form(fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

/** Where a redirecting action sent the browser (Next's redirect throws with the URL in its digest). */
async function redirectOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (digest.startsWith("NEXT_REDIRECT")) return digest.split(";")[2];
    throw error;
  }
  return "";
}

const ROLE_REFUSAL = /you cannot manage/;
const refusedState = (state: unknown) =>
  typeof state === "object" && state !== null && ROLE_REFUSAL.test(String((state as { message?: string }).message));

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

describe("every dashboard action, as every role", async () => {
  const { PERMISSIONS } = await import("@/lib/auth/roles");
  const keys = await import("@/lib/keys/actions");
  const signing = await import("@/lib/keys/signing-actions");
  const storage = await import("@/lib/storage/actions");
  const webhooks = await import("@/lib/webhooks/actions");
  const brand = await import("@/lib/studio/brand-actions");
  const monitors = await import("@/lib/monitors/actions");
  const billing = await import("@/lib/billing/actions");
  const members = await import("@/lib/workspaces/actions");
  const idle = { status: "idle" } as never;

  /** Each action with its permission and a run that says whether the role was refused. */
  const ACTIONS: { name: string; permission: keyof typeof PERMISSIONS; refused(): Promise<boolean> }[] = [
    {
      name: "create key",
      permission: "keys.write",
      refused: async () => refusedState(await keys.createKeyAction(idle, form({ name: "k" }))),
    },
    {
      name: "revoke key",
      permission: "keys.write",
      refused: async () => refusedState(await keys.revokeKeyAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "rename key",
      permission: "keys.write",
      refused: async () => refusedState(await keys.renameKeyAction(idle, form({ keyId: "nope", name: "n" }))),
    },
    {
      name: "roll signing secret",
      permission: "keys.write",
      refused: async () => refusedState(await signing.rollSecretAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "key limits",
      permission: "keys.write",
      refused: async () => refusedState(await signing.keyLimitsAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "build signed URL",
      permission: "keys.write",
      refused: async () => refusedState(await signing.buildSignedUrlAction(idle, form({ keyId: "nope" }))),
    },
    {
      name: "save storage",
      permission: "storage.write",
      refused: async () => refusedState(await storage.saveStorageAction(idle, form())),
    },
    {
      name: "check storage",
      permission: "storage.write",
      refused: async () => refusedState(await storage.checkStorageAction(idle)),
    },
    {
      name: "save webhook URL",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.saveWebhookUrlAction(idle, form({ url: "" }))),
    },
    {
      name: "roll webhook secret",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.rollWebhookSecretAction(idle)),
    },
    {
      name: "test webhook",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.sendTestWebhookAction(idle)),
    },
    {
      name: "redeliver webhook",
      permission: "webhooks.write",
      refused: async () => refusedState(await webhooks.redeliverAction(idle, form({ id: "nope" }))),
    },
    {
      name: "save brand colour",
      permission: "templates.write",
      refused: async () =>
        refusedState(await brand.saveBrandAssetAction(idle, form({ kind: "color", name: "ink", value: "#112233" }))),
    },
    {
      name: "delete brand asset",
      permission: "templates.write",
      refused: async () => {
        const { saveBrandColor, listBrandAssets } = await import("@/lib/studio/brand-kit");
        await saveBrandColor(team, "gone", "#000000");
        await brand.deleteBrandAssetAction(form({ kind: "color", name: "gone" }));
        return (await listBrandAssets(team)).some((a) => a.name === "gone");
      },
    },
    {
      name: "create monitor",
      permission: "monitors.write",
      refused: async () => refusedState(await monitors.createMonitorAction(idle, form({ url: "https://example.com" }))),
    },
    {
      name: "monitor action",
      permission: "monitors.write",
      refused: async () => refusedState(await monitors.monitorAction(idle, form({ id: "nope", op: "pause" }))),
    },
    {
      name: "checkout",
      permission: "billing.write",
      refused: async () =>
        (await redirectOf(() => billing.startCheckoutAction(form({ plan: "pro", interval: "month" })))).includes(
          "error=role",
        ),
    },
    {
      name: "billing portal",
      permission: "billing.write",
      refused: async () => (await redirectOf(() => billing.openPortalAction())).includes("error=role"),
    },
    {
      name: "keep keys",
      permission: "billing.write",
      refused: async () => (await redirectOf(() => billing.keepKeysAction(form()))).includes("error=role"),
    },
    {
      name: "change role",
      permission: "members.write",
      refused: async () =>
        refusedState(await members.changeRoleAction(idle, form({ userId: people.viewer.id, role: "viewer" }))),
    },
    {
      name: "remove member",
      permission: "members.write",
      refused: async () => refusedState(await members.removeMemberAction(idle, form({ userId: "nope" }))),
    },
    {
      name: "transfer ownership",
      permission: "owners.write",
      refused: async () => refusedState(await members.transferOwnershipAction(idle, form({ userId: "nope" }))),
    },
  ];

  for (const action of ACTIONS) {
    it.each(ROLES)(`${action.name} as %s`, async (role) => {
      await actAs(people[role]);
      const allowed = (PERMISSIONS[action.permission] as readonly string[]).includes(role);
      expect(await action.refused()).toBe(!allowed);
    });
  }

  it("covers every permission an action needs", () => {
    const used = new Set(ACTIONS.map((a) => a.permission));
    for (const p of Object.keys(PERMISSIONS).filter((p) => !["read", "render", "audit.read"].includes(p))) {
      expect(used, p).toContain(p);
    }
  });
});

describe("session routes (playground, studio), as every role", () => {
  it.each(ROLES)("render, templates and reading as %s", async (role) => {
    const { sessionWorkspace } = await import("@/lib/auth/session-caller");
    const { PERMISSIONS } = await import("@/lib/auth/roles");
    const { sessionCookieName } = await import("@/lib/auth/constants");
    const { workspaceCookieName } = await import("@/lib/auth/workspace");
    const request = new Request(`${APP_URL}/api/og-studio`, {
      headers: {
        origin: APP_URL,
        cookie: `${sessionCookieName()}=${people[role].token}; ${workspaceCookieName()}=${team}`,
      },
    });
    for (const permission of ["read", "render", "templates.write"] as const) {
      const allowed = (PERMISSIONS[permission] as readonly string[]).includes(role);
      const outcome = await sessionWorkspace(request, permission).then(
        (w) => ({ id: w.id }),
        (e: { code?: string; status?: number }) => ({ code: e.code, status: e.status }),
      );
      expect(outcome, `${role} ${permission}`).toEqual(
        allowed ? { id: team } : { code: "role_forbidden", status: 403 },
      );
    }
  });
});

describe("another workspace's data is not found", () => {
  it("a key of the team cannot be revoked by an outsider, and switching there is refused", async () => {
    const { createApiKey } = await import("@/lib/keys/service");
    const { getDb } = await import("@/lib/db");
    const { revokeKeyAction } = await import("@/lib/keys/actions");
    const { switchWorkspaceAction } = await import("@/lib/workspaces/actions");
    const { workspaceCookieName } = await import("@/lib/auth/workspace");
    const { apiKey } = await createApiKey(team, "team key");
    // The outsider's cookie names the team: not a member, so the action refuses and nothing changes.
    await actAs(people.outsider);
    const state = await revokeKeyAction({ status: "idle" }, form({ keyId: apiKey.id }));
    expect(state).toMatchObject({ status: "error", message: expect.stringMatching(/no longer a member/) });
    // Acting for their own workspace, the team's key id is simply not there.
    await actAs(people.outsider, people.outsider.id);
    expect(await revokeKeyAction({ status: "idle" }, form({ keyId: apiKey.id }))).toEqual({
      status: "error",
      message: "No active key with this id exists in your account.",
    });
    expect((await (await getDb()).apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).revokedAt).toBeNull();
    expect(await redirectOf(() => switchWorkspaceAction(form({ workspace: team })))).toBe(
      "/dashboard?workspace=not-found",
    );
    expect(scope.cookies.get(workspaceCookieName())).toBe(people.outsider.id);
  });

  it("a removed member is refused on their next request", async () => {
    const { getDb } = await import("@/lib/db");
    const { createKeyAction } = await import("@/lib/keys/actions");
    const extra = await person("leaver@example.test");
    await (await getDb()).workspaceMember.create({ data: { workspaceId: team, userId: extra.id, role: "developer" } });
    await actAs(extra);
    expect(await createKeyAction({ status: "idle" }, form({ name: "before" }))).toMatchObject({ status: "created" });
    await actAs(people.owner);
    const { removeMemberAction } = await import("@/lib/workspaces/actions");
    expect(await removeMemberAction({ status: "idle" }, form({ userId: extra.id }))).toMatchObject({ status: "done" });
    await actAs(extra);
    expect(await createKeyAction({ status: "idle" }, form({ name: "after" }))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/no longer a member/),
    });
  });
});
