/**
 * The session relay on Upstash (D43, lib/redis/pubsub.ts): the instances share no REDIS_URL, only
 * Upstash's REST API (PUBLISH over REST, the holder's subscription streamed over HTTP) through the
 * stand-in in front of the real Redis. Another instance holds an MCP browsing session signed in on
 * the login site; this one saves its profile through the relay, and a render here starts signed in.
 * profile-relay.test.ts covers the rest (CDP sessions, other workspaces, a dead holder) on Redis.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { type LoginSite, startLoginSite } from "@/tests/support/login-site";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";
import { accountPageHere, saveProfileHere } from "./profile-calls";
import { sessionHolder } from "./session-holder";

let loginSite: LoginSite | undefined;
let bridge: UpstashBridge | undefined;
// Before the environment's hooks, which name them; closed after them.
beforeAll(async () => {
  loginSite = await startLoginSite();
  bridge = await startUpstashBridge();
});
afterAll(async () => {
  await bridge?.close();
  await loginSite?.close();
});
testEnvironment(() => ({
  store: "files",
  extra: {
    ALLOW_PRIVATE_ORIGINS: loginSite!.origin,
    BROWSER_CONCURRENCY: "2",
    UPSTASH_REDIS_REST_URL: bridge!.url,
    UPSTASH_REDIS_REST_TOKEN: bridge!.token,
  },
}));
const elsewhere = sessionHolder();
let alice: TestAccount;
beforeAll(async () => {
  alice = await createTestAccount({ plan: "business" });
});
afterAll(async () => {
  await (await import("@/lib/sessions/relay")).stopSessionRelay();
  await (await import("@/lib/redis/pubsub")).closePubSub();
  await (await import("@/lib/browser")).shutdownBrowsers();
});

it("saves a session another instance holds through Upstash, and a render here starts signed in", async () => {
  const site = madeInBeforeAll(loginSite, "the login site").origin;
  const sessionId = await elsewhere.signedInBrowsing(alice.apiKey, site);
  expect((await import("@/lib/sessions/connect")).liveSession(sessionId)).toBeUndefined();

  const saved = await saveProfileHere(alice.apiKey, sessionId, "over-upstash");
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  expect(await accountPageHere(alice.apiKey, site, "over-upstash")).toContain("Signed in as alice");
  // Over Upstash's protocol: the step published over REST on the holder's channel.
  const published = madeInBeforeAll(bridge, "the Upstash stand-in").commands.filter(
    (c) => c[0]?.toLowerCase() === "publish" && String(c[1]).includes(`browsing:to:${sessionId}`),
  );
  expect(published.length).toBeGreaterThanOrEqual(1);
}, 90_000);
