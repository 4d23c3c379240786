/**
 * authenticateSession (the playground's authenticator) and the session lookup behind
 * requireUser(): a database session, read from the cookie Auth.js writes, only on same-origin
 * requests.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { useTestEnv, type TestEnv } from "../../support/env";

let testEnv: TestEnv;
let userId: string;
let token: string;
let expiredToken: string;
const APP = "http://localhost:3000";

beforeAll(async () => {
  testEnv = await useTestEnv();
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  const user = await db.user.create({ data: { email: "session@example.test", plan: "pro" } });
  userId = user.id;
  token = randomUUID();
  expiredToken = randomUUID();
  await db.session.create({ data: { sessionToken: token, userId, expires: new Date(Date.now() + 3600_000) } });
  await db.session.create({ data: { sessionToken: expiredToken, userId, expires: new Date(Date.now() - 1000) } });
});

afterAll(async () => {
  await testEnv.cleanup();
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
    const { authenticateSession } = await import("@/lib/auth/session-caller");
    const cookie = `theme=dark; authjs.session-token=${token}; other=1`;
    const viaFetchMetadata = await authenticateSession(request({ cookie, "sec-fetch-site": "same-origin" }), new URL(APP));
    expect(viaFetchMetadata).toEqual({ userId, plan: "pro", apiKeyId: null });
    const viaOrigin = await authenticateSession(request({ cookie, origin: APP }), new URL(APP));
    expect(viaOrigin.userId).toBe(userId);
  });

  it("treats cross-site requests, missing, unknown and expired sessions as a missing key (401)", async () => {
    const { authenticateSession } = await import("@/lib/auth/session-caller");
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
    const { authenticateSession } = await import("@/lib/auth/session-caller");
    process.env.APP_URL = "https://glance.example.com";
    reloadEnv();
    try {
      const headers = { cookie: `__Secure-authjs.session-token=${token}`, origin: "https://glance.example.com" };
      expect((await authenticateSession(request(headers), new URL(APP))).userId).toBe(userId);
      await rejection(authenticateSession(request({ cookie: `authjs.session-token=${token}`, origin: "https://glance.example.com" }), new URL(APP)));
    } finally {
      process.env.APP_URL = APP;
      reloadEnv();
    }
  });
});

describe("cookieValue", () => {
  it("finds a cookie by exact name only", async () => {
    const { cookieValue } = await import("@/lib/auth/session-caller");
    expect(cookieValue("a=1; authjs.session-token=xyz; b=2", "authjs.session-token")).toBe("xyz");
    expect(cookieValue("x-authjs.session-token=nope", "authjs.session-token")).toBeUndefined();
    expect(cookieValue(null, "authjs.session-token")).toBeUndefined();
  });
});
