/**
 * Sessions as the API sees them (D39, issue 45 points 1 and 3): POST /v1/sessions's single-use
 * connect URL, GET and DELETE /v1/sessions/{id} (another account's id is a 404), the key checked
 * before and during the session (a revoked key ends it), and the plan's concurrent sessions.
 */
import puppeteer from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTestAccount } from "@/tests/support/api";
import { sessionHarness } from "./harness";

const h = sessionHarness({ SESSION_CHECK_MS: "300" });

function call(method: string, path: string, apiKey: string): Request {
  return new Request(new URL(path, "http://localhost:3000"), { method, headers: { "X-API-Key": apiKey } });
}

async function createSession(apiKey: string) {
  const { POST } = await import("@/app/v1/sessions/route");
  const response = await POST(call("POST", "/v1/sessions", apiKey));
  expect(response.status).toBe(201);
  const body = (await response.json()) as { id: string; connectUrl: string; expiresAt: string; status: string };
  const connect = new URL(body.connectUrl);
  // The URL names APP_URL's host; the test server listens elsewhere.
  return { ...body, local: `${h.endpoint}${connect.search}` };
}

async function getSession(id: string, apiKey: string) {
  const route = await import("@/app/v1/sessions/[id]/route");
  return route.GET(call("GET", `/v1/sessions/${id}`, apiKey));
}

/** A raw WebSocket client: the close code and reason the session ends with, or the refusal's status. */
function open(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<number>((resolve) => {
    socket.once("open", () => resolve(101));
    socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    socket.once("error", () => {});
  });
  return { socket, closed, opened };
}

describe("connect URLs", () => {
  it("work once, for a client that sets no headers, and the session is listed", async () => {
    const session = await createSession(h.account.apiKey);
    expect(session.status).toBe("waiting");
    expect(session.connectUrl).toMatch(/^wss?:\/\/.+\/v1\/browser\?session=bs_.+&token=.+/);
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    const browser = await puppeteer.connect({ browserWSEndpoint: session.local });
    try {
      const page = await browser.newPage();
      await page.goto(h.fx.url("form.html"));
      expect(await page.title()).toBe("Sign in");
      expect(await (await getSession(session.id, h.account.apiKey)).json()).toMatchObject({ status: "live" });
      // The same URL again: refused before the upgrade.
      expect(await open(session.local).opened).toBe(401);
      const { GET } = await import("@/app/v1/sessions/route");
      const list = (await (await GET(call("GET", "/v1/sessions", h.account.apiKey))).json()) as {
        sessions: Array<{ id: string }>;
      };
      expect(list.sessions.map((s) => s.id)).toContain(session.id);
    } finally {
      await browser.close();
    }
    await expect
      .poll(async () => (await (await getSession(session.id, h.account.apiKey)).json()) as object)
      .toMatchObject({ status: "ended", endReason: "browserClose" });
  });

  it("an empty POST labelled application/json takes its parameters from the query, as the Ruby SDK sends it", async () => {
    const { POST } = await import("@/app/v1/sessions/route");
    const post = (query: string, body: string) =>
      POST(
        new Request(`http://localhost:3000/v1/sessions?${query}`, {
          method: "POST",
          headers: { "X-API-Key": h.account.apiKey, "Content-Type": "application/json" },
          body,
        }),
      );
    for (const body of ["", " \n"]) {
      const created = await post("record=true", body);
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const { DELETE } = await import("@/app/v1/sessions/[id]/route");
      await DELETE(call("DELETE", `/v1/sessions/${id}`, h.account.apiKey));
      // The query is read: a record that is not a boolean is refused, naming it.
      const refused = await post("record=maybe", body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ param: "record" });
    }
    // A body that is there holds the parameters, and then the query may hold only api_key.
    expect((await post("", "{")).status).toBe(400);
    expect((await post("record=true", "{}")).status).toBe(400);
  });

  it("a wrong or missing token, or no key, is refused with 401", async () => {
    const session = await createSession(h.account.apiKey);
    expect(await open(session.local.replace(/token=[^&]+/, "token=nope")).opened).toBe(401);
    expect(await open(h.endpoint).opened).toBe(401);
    expect(await open(h.endpoint, { "X-API-Key": "sk_live_" + "x".repeat(32) }).opened).toBe(401);
  });
});

describe("ending sessions", () => {
  it("DELETE ends a live session with a visible reason; another account gets 404", async () => {
    const session = await createSession(h.account.apiKey);
    const client = open(session.local);
    expect(await client.opened).toBe(101);
    const stranger = await createTestAccount({ plan: "business" });
    expect((await getSession(session.id, stranger.apiKey)).status).toBe(404);
    const route = await import("@/app/v1/sessions/[id]/route");
    expect((await route.DELETE(call("DELETE", `/v1/sessions/${session.id}`, stranger.apiKey))).status).toBe(404);
    expect((await route.DELETE(call("DELETE", `/v1/sessions/${session.id}`, h.account.apiKey))).status).toBe(204);
    expect(await client.closed).toEqual({ code: 4004, reason: "The session was ended through the API." });
  });

  it("a revoked key ends its live session", async () => {
    const account = await createTestAccount({ plan: "business" });
    const client = open(h.endpoint, { "X-API-Key": account.apiKey });
    expect(await client.opened).toBe(101);
    const { revokeApiKey } = await import("@/lib/keys/service");
    await revokeApiKey(account.userId, account.apiKeyId);
    expect((await client.closed).code).toBe(4003);
  });

  it("the plan's concurrent sessions: one more is refused with 429 session_limit", async () => {
    const free = await createTestAccount({ plan: "free" });
    const first = open(h.endpoint, { "X-API-Key": free.apiKey });
    expect(await first.opened).toBe(101);
    expect(await open(h.endpoint, { "X-API-Key": free.apiKey }).opened).toBe(429);
    first.socket.close();
    await first.closed;
    await expect
      .poll(async () => {
        const again = open(h.endpoint, { "X-API-Key": free.apiKey });
        const status = await again.opened;
        again.socket.close();
        return status;
      })
      .toBe(101);
  });

  it("a session's minutes are metered once, in /v1/usage", async () => {
    const account = await createTestAccount({ plan: "business" });
    const usedMinutes = async () => {
      const { GET } = await import("@/app/v1/usage/route");
      const usage = (await (await GET(call("GET", "/v1/usage", account.apiKey))).json()) as {
        sessionMinutes: { used: number };
      };
      return usage.sessionMinutes.used;
    };
    expect(await usedMinutes()).toBe(0);
    const client = open(h.endpoint, { "X-API-Key": account.apiKey });
    expect(await client.opened).toBe(101);
    client.socket.close();
    await client.closed;
    await expect.poll(usedMinutes).toBe(1); // a started minute is a minute
    // Ending it again (DELETE after the end) meters nothing more.
    const { GET } = await import("@/app/v1/sessions/route");
    const { sessions } = (await (await GET(call("GET", "/v1/sessions", account.apiKey))).json()) as {
      sessions: Array<{ id: string; status: string }>;
    };
    expect(sessions).toMatchObject([{ status: "ended" }]);
    const route = await import("@/app/v1/sessions/[id]/route");
    expect((await route.DELETE(call("DELETE", `/v1/sessions/${sessions[0].id}`, account.apiKey))).status).toBe(204);
    expect(await usedMinutes()).toBe(1);
  });
});
