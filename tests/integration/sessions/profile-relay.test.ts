/**
 * Saving a profile from a session another instance holds (D43, issue 45): behind a load balancer,
 * POST /v1/sessions/{id}/profile lands on any instance. Another instance — a process of its own on
 * the same PostgreSQL and Redis (session-holder-child.ts) — holds a CDP client's session (signed in
 * through the login site's form with puppeteer) and an MCP browsing session; this instance holds
 * neither, saves both profiles through the session relay, and a render here with profile= is then
 * signed in (HttpOnly cookie and local storage). Another workspace's key gets 404, a message forged
 * on Redis for another workspace saves nothing, and once the holder dies a save answers 409
 * session_not_live at once, saying the session is gone (not "send the request again").
 */
import { Redis } from "ioredis";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { REDIS_URL } from "@/tests/support/env";
import { type LoginSite, startLoginSite } from "@/tests/support/login-site";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { accountPageHere, saveProfileHere as saveProfile } from "./profile-calls";
import { sessionHolder } from "./session-holder";

let loginSite: LoginSite | undefined;
beforeAll(async () => {
  loginSite = await startLoginSite();
});
const env = testEnvironment(() => ({
  store: "redis",
  extra: { ALLOW_PRIVATE_ORIGINS: loginSite!.origin, BROWSER_CONCURRENCY: "2" },
}));
const elsewhere = sessionHolder();
const site = () => madeInBeforeAll(loginSite, "the login site").origin;
let alice: TestAccount;
let other: TestAccount;
let client: Browser | undefined;

beforeAll(async () => {
  alice = await createTestAccount({ plan: "business" });
  other = await createTestAccount({ plan: "business" });
});
afterAll(async () => {
  await client?.disconnect().catch(() => {});
  const { stopSessionRelay } = await import("@/lib/sessions/relay");
  await stopSessionRelay();
  await (await import("@/lib/redis/pubsub")).closePubSub();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await loginSite?.close();
});

const accountPage = (profile?: string) => accountPageHere(alice.apiKey, site(), profile);

/** A CDP client's session on the other instance (its connect URL made here), signed in through the form. */
async function signedInCdpSession(): Promise<string> {
  const { POST } = await import("@/app/v1/sessions/route");
  const created = await POST(
    new Request(new URL("/v1/sessions", "http://localhost:3000"), {
      method: "POST",
      headers: { "X-API-Key": alice.apiKey },
    }),
  );
  expect(created.status).toBe(201);
  const { id, connectUrl } = (await created.json()) as { id: string; connectUrl: string };
  // The URL names APP_URL's host; the other instance listens elsewhere.
  client = await puppeteer.connect({ browserWSEndpoint: `${elsewhere.endpoint}${new URL(connectUrl).search}` });
  const page = await client.newPage();
  await page.goto(`${site()}/login`);
  await page.type("input[name=username]", "alice");
  await page.type("input[name=password]", "correct-horse");
  await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
  expect(await page.$eval("#who", (e) => e.textContent)).toBe("Signed in as alice");
  return id;
}

const heldHere = async (id: string) => (await import("@/lib/sessions/connect")).liveSession(id) !== undefined;
const view = () => ({
  origins: [site()],
  cookieDomains: ["127.0.0.1"],
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
});

describe("a profile saved on an instance that does not hold the session", () => {
  let cdpSession: string;
  let browsingSession: string;

  it("is saved from a CDP client's session by its holder, and a render here starts signed in", async () => {
    cdpSession = await signedInCdpSession();
    expect(await heldHere(cdpSession)).toBe(false);
    const saved = await saveProfile(alice.apiKey, cdpSession, "from-cdp");
    expect(saved).toEqual({ status: 201, body: { name: "from-cdp", ...view() } });

    const page = await accountPage("from-cdp");
    expect(page).toContain("Signed in as alice"); // the HttpOnly cookie came
    expect(page).toContain("prefs: from-login"); // and the origin's local storage
    expect(await accountPage()).toContain("Please sign in");
  }, 90_000);

  it("is saved from an MCP browsing session the same way", async () => {
    browsingSession = await elsewhere.signedInBrowsing(alice.apiKey, site());
    expect(await heldHere(browsingSession)).toBe(false);
    const saved = await saveProfile(alice.apiKey, browsingSession, "from-browsing");
    expect(saved).toEqual({ status: 201, body: { name: "from-browsing", ...view() } });
    expect(await accountPage("from-browsing")).toContain("Signed in as alice");
  }, 90_000);

  it("is another workspace's 404, and a message forged on Redis for another workspace saves nothing", async () => {
    const refused = await saveProfile(other.apiKey, cdpSession, "stolen");
    expect(refused).toMatchObject({ status: 404, body: { code: "session_not_found" } });

    // Straight onto the relay, as anything on Redis could: the holder checks the workspace itself.
    const prefix = env.current.redisPrefix;
    const [sub, pub] = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    try {
      const replies: Array<{ rid: string; problem?: { code: string; status: number } }> = [];
      await sub.subscribe(`${prefix}browsing:reply:forger`);
      sub.on("message", (_channel, message: string) => replies.push(JSON.parse(message)));
      const forge = (rid: string, sessionId: string, workspaceId: string, name: unknown) =>
        pub.publish(
          `${prefix}browsing:to:${sessionId}`,
          JSON.stringify({ rid, from: "forger", tool: "saveProfile", workspaceId, args: { name } }),
        );
      expect(await forge("cdp", cdpSession, other.userId, "stolen")).toBe(1);
      expect(await forge("browsing", browsingSession, other.userId, "stolen")).toBe(1);
      await forge("bad-name", cdpSession, alice.userId, "../not a name");
      await expect.poll(() => replies.length).toBe(3);
      expect(Object.fromEntries(replies.map((r) => [r.rid, r.problem]))).toEqual({
        cdp: expect.objectContaining({ code: "session_not_found", status: 404 }),
        browsing: expect.objectContaining({ code: "session_not_found", status: 404 }),
        "bad-name": expect.objectContaining({ code: "invalid_parameter", status: 400 }),
      });
    } finally {
      sub.disconnect();
      pub.disconnect();
    }
    const { listProfiles } = await import("@/lib/profiles/store");
    expect(await listProfiles(other.userId)).toEqual([]);
    expect((await listProfiles(alice.userId)).map((p) => p.name)).toEqual(["from-browsing", "from-cdp"]);
  }, 30_000);

  it("answers 409 session_not_live at once when the instance holding the session is gone", async () => {
    await elsewhere.kill();
    for (const sessionId of [cdpSession, browsingSession]) {
      const since = Date.now();
      const refused = await saveProfile(alice.apiKey, sessionId, "too-late");
      expect(Date.now() - since).toBeLessThan(2_000);
      expect(refused).toMatchObject({ status: 409, body: { code: "session_not_live" } });
      expect(refused.body.detail).toContain("no longer live");
      expect(refused.body.detail).not.toContain("send the request again");
    }
  }, 30_000);
});
