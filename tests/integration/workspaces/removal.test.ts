/**
 * Removal ends access (D28, issue 43): a member's every credential in a workspace — the keys they
 * made, the OAuth clients they connected (access and refresh tokens, through the MCP SDK's own
 * client), the invitations they sent, their dashboard session — stops at their removal, their
 * leaving, or a role that takes the permission away; keys the remover chose to keep go on as the
 * workspace's, in the audit log. The routes are served over real HTTP on loopback, the database is
 * real; Next's request scope for the dashboard actions is stood in for as in roles.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RouteServer, startRouteServer } from "@/tests/support/route-server";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import {
  type Agent,
  connectAgent as connectAgentOn,
  mcpStatus as mcpStatusOn,
  refreshError as refreshErrorOn,
  startJob,
} from "./oauth-agent";
import { actAs as actAsIn, form, person, redirectOf, scope } from "./support";

vi.mock("next/headers", async () => (await import("./support")).nextHeadersStandIn);
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

type Person = { id: string; token: string };
const idle = { status: "idle" } as never;
let app: RouteServer | undefined;
const routes: Parameters<typeof startRouteServer>[0] = {};
const origin = () => madeInBeforeAll(app, "the route server").origin;

beforeAll(async () => {
  app = await startRouteServer(routes);
});
// The route server's address is the app's: APP_URL must name it before the modules read it.
testEnvironment(() => ({ extra: { APP_URL: origin() } }));
beforeAll(async () => {
  routes["/mcp"] = { POST: (await import("@/app/mcp/route")).POST };
  routes["/.well-known/oauth-protected-resource/mcp"] = {
    GET: (await import("@/app/.well-known/oauth-protected-resource/route")).GET,
  };
  routes["/.well-known/oauth-authorization-server"] = {
    GET: (await import("@/app/.well-known/oauth-authorization-server/route")).GET,
  };
  routes["/oauth/register"] = { POST: (await import("@/app/oauth/register/route")).POST };
  routes["/oauth/token"] = { POST: (await import("@/app/oauth/token/route")).POST };
  routes["/oauth/decision"] = { POST: (await import("@/app/oauth/decision/route")).POST };
  routes["/v1/usage"] = { GET: (await import("@/app/v1/usage/route")).GET };
});
afterAll(async () => {
  const { stopJobWorkers } = await import("@/lib/jobs/worker");
  await stopJobWorkers();
  await app?.close();
});

/** A dashboard request by `who` acting for `workspace`, from the app's own origin. */
async function actAs(who: Person, workspace: string): Promise<void> {
  await actAsIn(who, workspace);
  scope.headers = new Headers({ origin: origin() });
}

let counter = 0;
async function teamWith(role: string): Promise<{ team: string; owner: Person; member: Person }> {
  counter += 1;
  const owner = await person(`owner${counter}@removal.test`);
  const member = await person(`member${counter}@removal.test`);
  const { createTeam } = await import("@/lib/workspaces/members");
  const { getDb } = await import("@/lib/db");
  const team = await createTeam(owner.id, `Team ${counter}`);
  const db = await getDb();
  await db.user.update({ where: { id: team }, data: { plan: "business" } });
  await db.workspaceMember.create({ data: { workspaceId: team, userId: member.id, role } });
  return { team, owner, member };
}

/** A key made by `who` through the dashboard action, as they would. */
async function makeKey(who: Person, team: string, name: string): Promise<{ id: string; key: string }> {
  await actAs(who, team);
  const { createKeyAction } = await import("@/lib/keys/actions");
  const made = await createKeyAction(idle, form({ name }));
  if (made.status !== "created") throw new Error(`key not created: ${JSON.stringify(made)}`);
  return { id: made.id, key: made.key };
}

/** GET /v1/usage with the key: its status, and the problem's detail on a refusal. */
async function usage(key: string): Promise<{ status: number; detail?: string }> {
  const response = await fetch(`${origin()}/v1/usage`, { headers: { "X-API-Key": key } });
  const body = (await response.json()) as { detail?: string };
  return { status: response.status, detail: response.ok ? undefined : body.detail };
}

/** `who` connects a new agent to `workspace` through the MCP SDK's OAuth flow. */
const connectAgent = (who: Person, workspace: string) => connectAgentOn(origin(), who, workspace);

const mcpStatus = (accessToken: string) => mcpStatusOn(origin(), accessToken);
const refreshError = (agent: Agent) => refreshErrorOn(origin(), agent);

describe("removing a member", () => {
  it("ends every credential they hold there at once; a key the remover keeps goes on as the workspace's", async () => {
    const { team, owner, member } = await teamWith("admin");
    const revoked = await makeKey(member, team, "their key");
    const kept = await makeKey(member, team, "production key");
    expect(await usage(revoked.key)).toEqual({ status: 200 });
    const { agent, client } = await connectAgent(member, team);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    const { createInvitation, answerInvitation } = await import("@/lib/workspaces/invitations");
    const { token: invitation } = await createInvitation(team, member.id, "newcomer@removal.test", "admin");
    const newcomer = await person("newcomer@removal.test");

    // The removal dialog lists the keys they made; the owner keeps one, explicitly.
    const { listMemberKeys } = await import("@/lib/keys/member-keys");
    expect((await listMemberKeys(team, member.id)).map((k) => k.name).sort()).toEqual(["production key", "their key"]);
    await actAs(owner, team);
    const { removeMemberAction } = await import("@/lib/workspaces/actions");
    expect(await removeMemberAction(idle, form({ userId: member.id, keep: kept.id }))).toEqual({
      status: "done",
      message:
        "Member removed: 1 of their keys revoked, 1 kept for the workspace (roll them on their pages), 1 connected app(s) disconnected, 1 invitation(s) cancelled.",
    });

    // Keys: theirs is refused with the API's own words; the kept one answers, now made by nobody.
    expect(await usage(revoked.key)).toEqual({ status: 401, detail: "Invalid or revoked API key." });
    expect(await usage(kept.key)).toEqual({ status: 200 });
    expect(await listMemberKeys(team, member.id)).toEqual([]);
    // The dialog offers to roll a kept key (D5): the same key, a new secret; the old one stops at once.
    const { listApiKeys } = await import("@/lib/keys/service");
    const before = (await listApiKeys(team)).find((k) => k.id === kept.id)!;
    const { rollKeyAction } = await import("@/lib/keys/actions");
    const rolled = await rollKeyAction(idle, form({ keyId: kept.id }));
    if (rolled.status !== "rolled") throw new Error(`not rolled: ${JSON.stringify(rolled)}`);
    expect(await usage(kept.key)).toEqual({ status: 401, detail: "Invalid or revoked API key." });
    expect(await usage(rolled.key)).toEqual({ status: 200 });
    const after = (await listApiKeys(team)).find((k) => k.id === kept.id)!;
    const { display, lastUsedAt, ...same } = before;
    expect(after).toMatchObject({ ...same, display: rolled.display });
    expect(display).not.toBe(rolled.display);
    expect(after.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(lastUsedAt?.getTime() ?? 0);
    // Another workspace's key id is not found, like one nobody has.
    await actAs(member, member.id);
    expect(await rollKeyAction(idle, form({ keyId: kept.id }))).toMatchObject({ status: "error" });
    // OAuth: the access token is refused on /mcp, the refresh token no longer rotates.
    expect(await mcpStatus(agent.saved!.access_token)).toBe(401);
    expect(await refreshError(agent)).toBe("invalid_grant");
    // Their invitation was cancelled: it joins no one.
    await expect(
      answerInvitation(invitation, { id: newcomer.id, email: "newcomer@removal.test" }, true),
    ).rejects.toThrow(/no longer valid/);
    // Their dashboard session acts for the workspace no more.
    const { createKeyAction } = await import("@/lib/keys/actions");
    await actAs(member, team);
    expect(await createKeyAction(idle, form({ name: "after removal" }))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/no longer a member/),
    });

    const { listAudit } = await import("@/lib/audit/audit-log");
    const entries = await listAudit(team);
    // The audit page names people by address and keys by name (#51), never by internal id.
    expect(entries.find((e) => e.action === "member.removed")).toMatchObject({
      target: expect.stringMatching(/^member\d*@removal\.test$/),
      detail: { keysRevoked: 1, keysKept: 1, appsDisconnected: 1, invitationsCancelled: 1 },
    });
    expect(entries.find((e) => e.action === "key.revoked")).toMatchObject({
      target: expect.stringContaining('key "their key"'),
    });
    expect(entries.find((e) => e.action === "key.rolled")).toMatchObject({
      target: expect.stringContaining('key "production key"'),
      actor: "owner1@removal.test",
    });
    expect(entries.find((e) => e.action === "key.kept")).toMatchObject({
      target: expect.stringContaining('key "production key"'),
      detail: { formerMaker: expect.stringMatching(/^member\d*@removal\.test$/) },
    });
  });

  it("leaving ends the leaver's keys and connected apps; no key is made by someone removed a moment before", async () => {
    const { team, member } = await teamWith("developer");
    const key = await makeKey(member, team, "leaver's key");
    const { agent } = await connectAgent(member, team);
    await actAs(member, team);
    const { leaveWorkspaceAction } = await import("@/lib/workspaces/actions");
    expect(await redirectOf(() => leaveWorkspaceAction(idle, form()))).toBe("/dashboard");
    expect(await usage(key.key)).toEqual({ status: 401, detail: "Invalid or revoked API key." });
    expect(await mcpStatus(agent.saved!.access_token)).toBe(401);
    expect(await refreshError(agent)).toBe("invalid_grant");
    // The creation's own check, under the lock a removal takes: a former member makes no key.
    const { createApiKey, KeyCreatorNotMember } = await import("@/lib/keys/service");
    await expect(createApiKey(team, "late", member.id)).rejects.toBeInstanceOf(KeyCreatorNotMember);
  });
});

describe("the jobs a removed member's connected app started", () => {
  it("fail when they start, uncharged, with oauth_grant_revoked; the owner's app's job runs", async () => {
    const { team, owner, member } = await teamWith("admin");
    const { client } = await connectAgent(member, team);
    const { client: ownersClient } = await connectAgent(owner, team);
    // No worker runs yet: the jobs wait in the queue while the member is removed.
    const queued = [await startJob(client, "Queued one"), await startJob(client, "Queued two")];
    const ownersJob = await startJob(ownersClient, "The owner's");
    await Promise.all([client.close(), ownersClient.close()]);
    await actAs(owner, team);
    const { removeMemberAction } = await import("@/lib/workspaces/actions");
    expect(await removeMemberAction(idle, form({ userId: member.id }))).toMatchObject({ status: "done" });

    const { startJobWorkers } = await import("@/lib/jobs/worker");
    await startJobWorkers();
    const { getPool } = await import("@/lib/db/pool");
    const pool = await getPool();
    const ended = async (id: string) => {
      for (;;) {
        const { rows } = await pool.query<{ state: string; error: { status: number; code: string } | null }>(
          `SELECT state, error FROM jobs WHERE id = $1`,
          [id],
        );
        if (rows[0].state === "succeeded" || rows[0].state === "failed") return rows[0];
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    for (const id of queued)
      expect(await ended(id)).toMatchObject({ state: "failed", error: { status: 401, code: "oauth_grant_revoked" } });
    expect(await ended(ownersJob)).toMatchObject({ state: "succeeded" });
    // Only the owner's app's job rendered and was counted.
    const { rows } = await pool.query<{ n: number }>(
      `SELECT COALESCE(SUM(renders), 0)::int AS n FROM monthly_usage WHERE user_id = $1`,
      [team],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe("a role change that takes a permission away", () => {
  it("ends the invitations of one who may no longer invite, and the keys and apps of one who may hold none", async () => {
    const { team, owner, member } = await teamWith("admin");
    const key = await makeKey(member, team, "demoted key");
    const { agent } = await connectAgent(member, team);
    const { createInvitation, answerInvitation } = await import("@/lib/workspaces/invitations");
    const { token: invitation } = await createInvitation(team, member.id, "invitee@removal.test", "viewer");
    const invitee = await person("invitee@removal.test");
    const { changeRoleAction } = await import("@/lib/workspaces/actions");

    // Developer: may no longer invite (the invitation ends), may still hold keys (they go on).
    await actAs(owner, team);
    expect(await changeRoleAction(idle, form({ userId: member.id, role: "developer" }))).toEqual({
      status: "done",
      message: "Role changed. 1 invitation(s) cancelled.",
    });
    await expect(answerInvitation(invitation, { id: invitee.id, email: "invitee@removal.test" }, true)).rejects.toThrow(
      /no longer valid/,
    );
    expect(await usage(key.key)).toEqual({ status: 200 });
    expect(await refreshError(agent)).toBeNull();
    expect(await mcpStatus(agent.saved!.access_token)).toBe(200);

    // Billing: may hold no key (D28), so theirs stop, and so do their apps.
    await actAs(owner, team);
    expect(await changeRoleAction(idle, form({ userId: member.id, role: "billing" }))).toEqual({
      status: "done",
      message: "Role changed. 1 of their keys revoked, 1 connected app(s) disconnected.",
    });
    expect(await usage(key.key)).toEqual({ status: 401, detail: "Invalid or revoked API key." });
    expect(await mcpStatus(agent.saved!.access_token)).toBe(401);
    expect(await refreshError(agent)).toBe("invalid_grant");
    // Made developer again, the revoked key stays revoked: revocation is final (D5).
    await actAs(owner, team);
    await changeRoleAction(idle, form({ userId: member.id, role: "developer" }));
    expect((await usage(key.key)).status).toBe(401);
  });
});

describe("checks at use, whatever changed the membership", () => {
  it("a token works only while its approver may connect apps there; an invitation only while its sender may invite", async () => {
    const { team, member } = await teamWith("admin");
    const { agent } = await connectAgent(member, team);
    const { createInvitation, answerInvitation } = await import("@/lib/workspaces/invitations");
    const { token: invitation } = await createInvitation(team, member.id, "late@removal.test", "admin");
    const late = await person("late@removal.test");
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    // The role changed by a path that ends nothing itself (as a hand-edited row would).
    const setRole = (role: string) =>
      db.workspaceMember.update({
        where: { workspaceId_userId: { workspaceId: team, userId: member.id } },
        data: { role },
      });
    await setRole("viewer");
    expect(await db.oAuthGrant.count({ where: { userId: team, approvedBy: member.id } })).toBe(1);
    expect(await mcpStatus(agent.saved!.access_token)).toBe(401);
    expect(await refreshError(agent)).toBe("invalid_grant");
    await expect(answerInvitation(invitation, { id: late.id, email: "late@removal.test" }, true)).rejects.toThrow(
      /may no longer invite/,
    );
    expect(await db.workspaceMember.count({ where: { workspaceId: team, userId: late.id } })).toBe(0);
    // The refused invitation is revoked, not merely skipped: it stays dead when the sender is back.
    await setRole("admin");
    expect(await mcpStatus(agent.saved!.access_token)).toBe(200);
    await expect(answerInvitation(invitation, { id: late.id, email: "late@removal.test" }, true)).rejects.toThrow(
      /no longer valid/,
    );
  });
});
