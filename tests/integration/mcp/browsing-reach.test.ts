/**
 * Who may browse, and from which instance (D43). An agent connected over OAuth (D25), with the
 * SDK's client signed in through the real OAuth routes, opens a live session with no API key —
 * its row names the connected app — navigates and reads a fixture page, and the workspace's key
 * lists the session; disconnecting the app, removing the member who approved it, or deleting the
 * workspace ends the live session at the next check (SESSION_CHECK_MS), metered as an OAuth
 * agent's. A session another instance holds (a process of its own on the same PostgreSQL and
 * Redis) is driven through this instance's /mcp, which forwards the calls over Redis pub/sub;
 * once that instance dies, a call answers session_not_live at once. Another workspace's session
 * id is a 404 everywhere, and a forged relay message reaches no other workspace's page.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Redis } from "ioredis";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestAccount } from "@/tests/support/api";
import { REDIS_URL } from "@/tests/support/env";
import { browsingHolder } from "./browsing-holder";
import { answerOf, imageOf, mcpHarness, problemOfTool, texts } from "./harness";
import { signedInOAuth, TestProvider } from "./oauth-client";

const CHECK_MS = 300;
const h = mcpHarness({ env: { SESSION_CHECK_MS: String(CHECK_MS) }, store: "redis" });
const oauth = signedInOAuth(h);
const elsewhere = browsingHolder();
let agent: Client;
let other: TestAccount;
let stranger: Client;

beforeAll(async () => {
  agent = await oauth.authorize(new TestProvider());
  other = await h.account("business");
  stranger = await h.connect(other.apiKey);
}, 60_000);

const call = (c: Client, name: string, args: Record<string, unknown> = {}) =>
  c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const read = async (c: Client, sessionId: string) => texts(await call(c, "browser_snapshot", { sessionId })).join("\n");

async function open(c: Client, page = "basic.html"): Promise<string> {
  const opened = await call(c, "browser_open", { url: h.fx.url(page) });
  expect(opened.isError, JSON.stringify(opened).slice(0, 400)).toBeFalsy();
  return String(answerOf(opened).sessionId);
}

interface Row {
  ended_at: Date | null;
  end_reason: string | null;
  minutes: number | null;
}
const row = async (id: string) =>
  (await h.sql<Row>("SELECT ended_at, end_reason, minutes FROM browser_sessions WHERE id = $1", [id]))[0];

/** Whether this instance holds the session (the live map is the instance's own). */
async function heldHere(id: string): Promise<boolean> {
  const { liveSession } = await import("@/lib/sessions/connect");
  return liveSession(id) !== undefined;
}

/** Ended by the periodic checks within a few intervals (the idle and maximum lengths are minutes away). */
async function endsSoon(id: string): Promise<void> {
  await expect.poll(() => heldHere(id), { timeout: 10 * CHECK_MS, interval: 50 }).toBe(false);
}

describe("a session another instance holds", () => {
  it("is driven from this one: the agent's calls are forwarded and answered", async () => {
    const sessionId = await elsewhere.open(oauth.account.apiKey, h.fx.url("basic.html"));
    expect(await heldHere(sessionId)).toBe(false);
    expect(await read(agent, sessionId)).toContain("Basic fixture");
    const moved = texts(await call(agent, "browser_navigate", { sessionId, url: h.fx.url("plain.html") }));
    expect(moved.join("\n")).toContain(h.fx.url("plain.html"));
    expect(imageOf(await call(agent, "browser_screenshot", { sessionId })).mimeType).toBe("image/png");
    // A step's refusal comes back as the holder's problem.
    expect(problemOfTool(await call(agent, "browser_click", { sessionId, ref: "e999" }))).toMatchObject({
      code: "selector_not_found",
    });
    expect(answerOf(await call(agent, "browser_close", { sessionId }))).toEqual({ sessionId, closed: true });
    await expect.poll(() => row(sessionId)).toMatchObject({ end_reason: "client" });
    expect(problemOfTool(await call(agent, "browser_snapshot", { sessionId }))).toMatchObject({
      code: "session_not_live",
    });
  }, 60_000);

  it("is another workspace's 404 here, and a forged relay message reaches no page", async () => {
    const sessionId = await elsewhere.open(oauth.account.apiKey, h.fx.url("basic.html"));
    const navigate = { sessionId, url: h.fx.url("plain.html") };
    expect(problemOfTool(await call(stranger, "browser_navigate", navigate))).toMatchObject({
      code: "session_not_found",
      status: 404,
    });
    // Straight onto the relay, as anything on Redis could: the holder checks the workspace itself.
    const prefix = h.testEnv.redisPrefix;
    const [sub, pub] = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    try {
      const replies: Array<{ rid: string; problem?: { code: string; status: number } }> = [];
      await sub.subscribe(`${prefix}browsing:reply:forger`);
      sub.on("message", (_channel, message: string) => replies.push(JSON.parse(message)));
      const forge = (rid: string, tool: string, workspaceId: string, args: Record<string, unknown>) =>
        pub.publish(
          `${prefix}browsing:to:${sessionId}`,
          JSON.stringify({ rid, from: "forger", tool, workspaceId, args }),
        );
      expect(await forge("other-workspace", "browser_navigate", other.userId, navigate)).toBe(1);
      await forge("not-a-step", "browser_open", oauth.account.userId, navigate);
      await forge("inherited", "constructor", oauth.account.userId, navigate);
      await forge("another-id", "browser_navigate", oauth.account.userId, { ...navigate, sessionId: "bs_x" });
      await expect.poll(() => replies.length).toBe(4);
      expect(Object.fromEntries(replies.map((r) => [r.rid, r.problem]))).toEqual({
        "other-workspace": expect.objectContaining({ code: "session_not_found", status: 404 }),
        "not-a-step": expect.objectContaining({ code: "invalid_parameter" }),
        inherited: expect.objectContaining({ code: "invalid_parameter" }),
        "another-id": expect.objectContaining({ code: "session_not_found" }),
      });
    } finally {
      sub.disconnect();
      pub.disconnect();
    }
    expect(await read(agent, sessionId)).toContain("Basic fixture"); // never navigated
  }, 60_000);

  it("answers session_not_live at once when the instance holding it is gone", async () => {
    const sessionId = await elsewhere.open(oauth.account.apiKey, h.fx.url("basic.html"));
    await elsewhere.kill();
    const since = Date.now();
    const refused = problemOfTool(await call(agent, "browser_snapshot", { sessionId }));
    expect(refused).toMatchObject({ code: "session_not_live", status: 409 });
    expect(refused.detail).toContain("no longer holds it");
    expect(Date.now() - since).toBeLessThan(2_000);
  }, 30_000);
});

describe("an agent connected over OAuth browses", () => {
  let sessionId: string;

  it("opens a session with no key, navigates and reads; the row names its connected app; the key lists it", async () => {
    sessionId = await open(agent);
    const moved = await call(agent, "browser_navigate", { sessionId, url: h.fx.url("plain.html") });
    expect(moved.isError).toBeFalsy();
    const read = texts(await call(agent, "browser_snapshot", { sessionId })).join("\n");
    expect(read).toContain(h.fx.url("plain.html"));

    const { listGrants } = await import("@/lib/keys/oauth-grants");
    const [grant] = await listGrants(oauth.account.userId);
    const rows = await h.sql("SELECT user_id, api_key_id, oauth_grant_id FROM browser_sessions WHERE id = $1", [
      sessionId,
    ]);
    expect(rows).toEqual([{ user_id: oauth.account.userId, api_key_id: null, oauth_grant_id: grant!.id }]);

    const { GET } = await import("@/app/v1/sessions/route");
    const listed = await GET(
      new Request(new URL("/v1/sessions", h.app.origin), { headers: { "X-API-Key": oauth.account.apiKey } }),
    );
    const { sessions } = (await listed.json()) as { sessions: Array<{ id: string; status: string }> };
    expect(sessions).toContainEqual(expect.objectContaining({ id: sessionId, status: "live" }));
  }, 30_000);

  it("another workspace's session id is a 404 both ways, and acting on it changes nothing", async () => {
    for (const tool of ["browser_snapshot", "browser_close"]) {
      expect(problemOfTool(await call(stranger, tool, { sessionId })), tool).toMatchObject({
        code: "session_not_found",
        status: 404,
      });
    }
    const theirs = await open(stranger);
    for (const tool of ["browser_snapshot", "browser_close"]) {
      expect(problemOfTool(await call(agent, tool, { sessionId: theirs })), tool).toMatchObject({
        code: "session_not_found",
        status: 404,
      });
    }
    expect([await heldHere(sessionId), await heldHere(theirs)]).toEqual([true, true]);
    expect(answerOf(await call(stranger, "browser_close", { sessionId: theirs }))).toMatchObject({ closed: true });
  }, 30_000);

  it("disconnecting the app ends the live session at the next check, metered as the agent's", async () => {
    const { deleteGrant, listGrants } = await import("@/lib/keys/oauth-grants");
    for (const app of await listGrants(oauth.account.userId)) await deleteGrant(oauth.account.userId, app.id);
    await endsSoon(sessionId);
    await expect.poll(() => row(sessionId)).toMatchObject({ end_reason: "revoked", minutes: 1 });
    const logged = await h.sql(
      "SELECT api_key_id, via, session_minutes FROM usage_events WHERE user_id = $1 AND endpoint = 'sessions' AND request_id = $2",
      [oauth.account.userId, sessionId],
    );
    expect(logged).toEqual([{ api_key_id: null, via: "mcp-oauth", session_minutes: 1 }]);
    await expect(call(agent, "browser_snapshot", { sessionId })).rejects.toThrow(); // its token is refused too
  }, 30_000);
});

describe("a team's agent", () => {
  /** A team owned by another person, where the signed-in person is a developer who connects an agent. */
  async function teamAgent(): Promise<{ team: string; client: Client }> {
    const { createTeam } = await import("@/lib/workspaces/members");
    const team = await createTeam(other.userId, "Browsing team");
    await h.sql("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'developer')", [
      team,
      oauth.account.userId,
    ]);
    return { team, client: await oauth.authorize(new TestProvider(), team) };
  }

  it("loses its live session when the member who connected it is removed", async () => {
    const { team, client } = await teamAgent();
    const sessionId = await open(client);
    expect(await heldHere(sessionId)).toBe(true);
    const { removeMember } = await import("@/lib/workspaces/members");
    await removeMember(team, oauth.account.userId, true);
    await endsSoon(sessionId);
    await expect.poll(() => row(sessionId)).toMatchObject({ end_reason: "revoked", minutes: 1 });
  }, 30_000);

  it("loses its live session when the workspace is deleted", async () => {
    const { team, client } = await teamAgent();
    const sessionId = await open(client);
    await h.sql("DELETE FROM users WHERE id = $1", [team]);
    await endsSoon(sessionId);
  }, 30_000);

  it("a session row names exactly one credential", async () => {
    const insert = (key: string | null, grant: string | null) =>
      h.sql("INSERT INTO browser_sessions (id, user_id, api_key_id, oauth_grant_id) VALUES ($1, $2, $3, $4)", [
        `bs_check_${Math.random()}`,
        other.userId,
        key,
        grant,
      ]);
    await expect(insert(null, null)).rejects.toThrow(/browser_sessions_one_credential_check/);
    await expect(insert(other.apiKeyId, "grant_x")).rejects.toThrow(/browser_sessions_one_credential_check/);
  });
});
