/**
 * authenticateSession (the playground's authenticator) and the session lookup behind
 * requireWorkspace(): a database session, read from the cookie Auth.js writes, only on same-origin
 * requests.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { testEnvironment } from "@/tests/support/test-env";
let userId: string;
let token: string;
let expiredToken: string;
const APP = "http://localhost:3000";

testEnvironment();

beforeAll(async () => {
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  const user = await db.user.create({ data: { email: "session@example.test", plan: "pro" } });
  userId = user.id;
  token = randomUUID();
  expiredToken = randomUUID();
  await db.session.create({ data: { sessionToken: token, userId, expires: new Date(Date.now() + 3600_000) } });
  await db.session.create({ data: { sessionToken: expiredToken, userId, expires: new Date(Date.now() - 1000) } });
});

function request(headers: Record<string, string>): Request {
  return new Request(`${APP}/api/playground/screenshot?url=https://example.com`, { headers });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("authenticateSession", () => {
  it("resolves the signed-in user and plan from the session cookie on a same-origin request", async () => {
    const { authenticateSession } = await import("@/lib/api/session-caller");
    const cookie = `theme=dark; authjs.session-token=${token}; other=1`;
    const viaFetchMetadata = await authenticateSession(
      request({ cookie, "sec-fetch-site": "same-origin" }),
      new URL(APP),
    );
    expect(viaFetchMetadata).toEqual({ userId, plan: "pro", apiKeyId: null });
    const viaOrigin = await authenticateSession(request({ cookie, origin: APP }), new URL(APP));
    expect(viaOrigin.userId).toBe(userId);
  });

  it("treats cross-site requests, missing, unknown and expired sessions as a missing key (401)", async () => {
    const { authenticateSession } = await import("@/lib/api/session-caller");
    const cookie = `authjs.session-token=${token}`;
    const cases: Array<Record<string, string>> = [
      { cookie, "sec-fetch-site": "cross-site" },
      { cookie, "sec-fetch-site": "same-site" },
      { cookie, origin: "https://evil.example" },
      { cookie, origin: "https://evil.example", "sec-fetch-site": "same-origin" },
      { cookie }, // no Origin and no Fetch Metadata: not provably ours
      { "sec-fetch-site": "same-origin" },
      { cookie: `authjs.session-token=${randomUUID()}`, "sec-fetch-site": "same-origin" },
      { cookie: `authjs.session-token=${expiredToken}`, "sec-fetch-site": "same-origin" },
      { cookie: `__Secure-authjs.session-token=${token}`, "sec-fetch-site": "same-origin" },
    ];
    for (const headers of cases) {
      const error = await rejection(authenticateSession(request(headers), new URL(APP)));
      expect(error.status, JSON.stringify(headers)).toBe(401);
      expect(error.code).toBe("missing_api_key");
      expect(error.message).toBe("Missing API key. Provide X-API-Key header or api_key query parameter.");
    }
  });

  it("reads the __Secure- cookie when APP_URL is https", async () => {
    const { reloadEnv } = await import("@/lib/env");
    const { authenticateSession } = await import("@/lib/api/session-caller");
    process.env.APP_URL = "https://glance.example.com";
    reloadEnv();
    try {
      const headers = { cookie: `__Secure-authjs.session-token=${token}`, origin: "https://glance.example.com" };
      expect((await authenticateSession(request(headers), new URL(APP))).userId).toBe(userId);
      await rejection(
        authenticateSession(
          request({ cookie: `authjs.session-token=${token}`, origin: "https://glance.example.com" }),
          new URL(APP),
        ),
      );
    } finally {
      process.env.APP_URL = APP;
      reloadEnv();
    }
  });
});

describe("a plan change that fell due (D18)", () => {
  it("is applied when the session is read, so the playground and the dashboard get the new plan's limits", async () => {
    const { getDb } = await import("@/lib/db");
    const { authenticateSession } = await import("@/lib/api/session-caller");
    const { findSessionUser } = await import("@/lib/auth/session");
    const db = await getDb();
    const user = await db.user.create({
      data: {
        email: "downgraded@example.test",
        plan: "pro",
        scheduledPlan: "starter",
        scheduledPlanAt: new Date(Date.now() + 3600_000),
      },
    });
    const session = randomUUID();
    await db.session.create({
      data: { sessionToken: session, userId: user.id, expires: new Date(Date.now() + 3600_000) },
    });
    const names = ["one", "two", "three", "four", "five", "six"];
    for (const [i, name] of names.entries()) {
      await db.apiKey.create({
        data: {
          userId: user.id,
          name,
          hash: randomUUID(),
          display: "sk_live_…",
          createdAt: new Date(Date.now() - (names.length - i) * 60_000),
        },
      });
    }
    const headers = { cookie: `authjs.session-token=${session}`, "sec-fetch-site": "same-origin" };

    // Still inside the period paid for: Pro.
    expect((await authenticateSession(request(headers), new URL(APP))).plan).toBe("pro");

    // The period ended with no API request since: the next session read moves the account.
    await db.user.update({ where: { id: user.id }, data: { scheduledPlanAt: new Date(Date.now() - 1000) } });
    expect((await authenticateSession(request(headers), new URL(APP))).plan).toBe("starter");
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect([stored.plan, stored.scheduledPlan, stored.scheduledPlanAt]).toEqual(["starter", null, null]);
    // Applied the one way a plan changes: the newest key beyond Starter's 5 is paused.
    const paused = await db.apiKey.findMany({
      where: { userId: user.id, pausedAt: { not: null } },
      select: { name: true },
    });
    expect(paused.map((k) => k.name)).toEqual(["six"]);
    expect((await findSessionUser(session))?.plan).toBe("starter");
  });
});

describe("cookieValue", () => {
  it("finds a cookie by exact name only", async () => {
    const { cookieValue } = await import("@/lib/api/session-caller");
    expect(cookieValue("a=1; authjs.session-token=xyz; b=2", "authjs.session-token")).toBe("xyz");
    expect(cookieValue("x-authjs.session-token=nope", "authjs.session-token")).toBeUndefined();
    expect(cookieValue(null, "authjs.session-token")).toBeUndefined();
  });
});
