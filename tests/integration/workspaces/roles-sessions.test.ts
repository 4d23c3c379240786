/**
 * Roles (D28) on the session routes (playground, studio) for every role, and another workspace's
 * data: not found to an outsider, refused to a removed member on their next request. Next's
 * request scope is stood in for (./support.ts); everything behind it is real.
 */
import { describe, expect, it, vi } from "vitest";
import { APP_URL, ROLES, actAs, form, person, redirectOf, scope, teamOfEveryRole } from "./support";

vi.mock("next/headers", async () => (await import("./support")).nextHeadersStandIn);
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const w = teamOfEveryRole();
const { people } = w;

describe("session routes (playground, studio), as every role", () => {
  it.each(ROLES)("render, templates and reading as %s", async (role) => {
    const { sessionWorkspace } = await import("@/lib/api/session-caller");
    const { PERMISSIONS } = await import("@/lib/auth/roles");
    const { sessionCookieName } = await import("@/lib/auth/constants");
    const { workspaceCookieName } = await import("@/lib/auth/workspace");
    const request = new Request(`${APP_URL}/api/og-studio`, {
      headers: {
        origin: APP_URL,
        cookie: `${sessionCookieName()}=${people[role].token}; ${workspaceCookieName()}=${w.team}`,
      },
    });
    for (const permission of ["read", "render", "templates.write"] as const) {
      const allowed = (PERMISSIONS[permission] as readonly string[]).includes(role);
      const outcome = await sessionWorkspace(request, permission).then(
        (w) => ({ id: w.id }),
        (e: { code?: string; status?: number }) => ({ code: e.code, status: e.status }),
      );
      expect(outcome, `${role} ${permission}`).toEqual(
        allowed ? { id: w.team } : { code: "role_forbidden", status: 403 },
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
    const { apiKey } = await createApiKey(w.team, "team key");
    // The outsider's cookie names the team: not a member, so the action refuses and nothing changes.
    await actAs(people.outsider, w.team);
    const state = await revokeKeyAction({ status: "idle" }, form({ keyId: apiKey.id }));
    expect(state).toMatchObject({ status: "error", message: expect.stringMatching(/no longer a member/) });
    // Acting for their own workspace, the team's key id is simply not there.
    await actAs(people.outsider, people.outsider.id);
    expect(await revokeKeyAction({ status: "idle" }, form({ keyId: apiKey.id }))).toEqual({
      status: "error",
      message: "No active key with this id exists in your account.",
    });
    expect((await (await getDb()).apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).revokedAt).toBeNull();
    expect(await redirectOf(() => switchWorkspaceAction(form({ workspace: w.team })))).toBe(
      "/dashboard?workspace=not-found",
    );
    expect(scope.cookies.get(workspaceCookieName())).toBe(people.outsider.id);
  });

  it("a removed member is refused on their next request", async () => {
    const { getDb } = await import("@/lib/db");
    const { createKeyAction } = await import("@/lib/keys/actions");
    const extra = await person("leaver@example.test");
    await (
      await getDb()
    ).workspaceMember.create({ data: { workspaceId: w.team, userId: extra.id, role: "developer" } });
    await actAs(extra, w.team);
    expect(await createKeyAction({ status: "idle" }, form({ name: "before" }))).toMatchObject({ status: "created" });
    await actAs(people.owner, w.team);
    const { removeMemberAction } = await import("@/lib/workspaces/actions");
    expect(await removeMemberAction({ status: "idle" }, form({ userId: extra.id }))).toMatchObject({ status: "done" });
    await actAs(extra, w.team);
    expect(await createKeyAction({ status: "idle" }, form({ name: "after" }))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/no longer a member/),
    });
  });
});

describe("deleting one's account (#51)", () => {
  it("waits for the last owner's team, then goes with its data, keys, sessions and only-member teams", async () => {
    const { getDb } = await import("@/lib/db");
    const { createApiKey, findKeyOwner } = await import("@/lib/keys/service");
    const { createTeam } = await import("@/lib/workspaces/members");
    const { deleteAccountAction } = await import("@/lib/workspaces/account-actions");
    const { changeRoleAction } = await import("@/lib/workspaces/actions");
    const { listAudit } = await import("@/lib/audit/audit-log");
    const { sessionCookieName } = await import("@/lib/auth/constants");
    const db = await getDb();
    const leaver = await person("deleting@example.test");
    const other = await person("stays@example.test");
    const { key } = await createApiKey(leaver.id, "personal key");
    const alone = await createTeam(leaver.id, "Solo");
    const { key: soloKey } = await createApiKey(alone, "solo key");
    const shared = await createTeam(leaver.id, "Shared");
    await db.workspaceMember.create({ data: { workspaceId: shared, userId: other.id, role: "developer" } });
    // A key they made in a team that outlives them: it must end with them, as on a removal (D28).
    const { key: sharedKey } = await createApiKey(shared, "shared key", leaver.id);
    // A member of the team of every role's fixture, which keeps its owner: simply left.
    await db.workspaceMember.create({ data: { workspaceId: w.team, userId: leaver.id, role: "viewer" } });

    // A wrong confirmation, then the last owner of "Shared" (which has another member): nothing is deleted.
    await actAs(leaver, leaver.id);
    expect(await deleteAccountAction({}, form({ confirm: "someone@example.test" }))).toEqual({
      error: "Type your e-mail address exactly to confirm.",
    });
    expect(await deleteAccountAction({}, form({ confirm: "Deleting@Example.test" }))).toEqual({
      error:
        'You are the last owner of "Shared", which has other members: make one of them owner on the Team page (or remove them) first.',
    });
    expect((await findKeyOwner(key))?.revoked).toBe(false);

    await actAs(leaver, shared);
    expect(await changeRoleAction({ status: "idle" }, form({ userId: other.id, role: "owner" }))).toMatchObject({
      status: "done",
    });
    await actAs(leaver, leaver.id);
    expect(await redirectOf(() => deleteAccountAction({}, form({ confirm: "deleting@example.test" })))).toBe(
      "/signin?deleted=1",
    );
    expect(scope.cookies.has(sessionCookieName())).toBe(false);

    // Gone: the person, their sessions and keys, the team only they were in (with its key).
    expect(await db.user.findUnique({ where: { id: leaver.id } })).toBeNull();
    expect(await db.session.count({ where: { userId: leaver.id } })).toBe(0);
    expect(await findKeyOwner(key)).toBeNull();
    expect(await findKeyOwner(soloKey)).toBeNull();
    expect(await db.user.findUnique({ where: { id: alone } })).toBeNull();
    // Kept: the teams others are in, without them, each saying so in its audit log.
    expect(await db.workspaceMember.findMany({ where: { workspaceId: shared }, select: { userId: true } })).toEqual([
      { userId: other.id },
    ]);
    expect((await findKeyOwner(sharedKey))?.revoked).toBe(true);
    for (const team of [shared, w.team]) {
      expect((await listAudit(team)).find((e) => e.action === "account.deleted")?.actor, team).toBe(
        "deleting@example.test",
      );
    }
  });
});
