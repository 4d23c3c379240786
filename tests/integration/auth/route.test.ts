/**
 * The Auth.js GET endpoints under /api/auth, as the route serves them: re-addressed to APP_URL,
 * also when AUTH_URL (or NEXTAUTH_URL) is set — the usual next-auth setup, under which next-auth
 * re-addresses the request itself and reads `nextUrl` from it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { NextRequest } from "next/server";
import { testEnvironment } from "@/tests/support/test-env";
let authGet: (request: NextRequest) => Promise<Response>;

testEnvironment({
  extra: { AUTH_URL: "http://localhost:3000", AUTH_SECRET: "route-test-secret-0123456789abcdef" },
});

beforeAll(async () => {
  ({ authGet } = await import("@/lib/auth/route"));
});

const get = (path: string) => authGet(new Request(`http://127.0.0.1:3000${path}`) as NextRequest);

describe("/api/auth (GET) with AUTH_URL set", () => {
  it("answers the session endpoint: no session, not a 500", async () => {
    const res = await get("/api/auth/session");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toBeNull();
  });

  it("lists the providers with callback URLs on APP_URL, whatever host the request came to", async () => {
    const res = await get("/api/auth/providers");
    expect(res.status).toBe(200);
    const providers = (await res.json()) as Record<string, { callbackUrl: string }>;
    expect(Object.keys(providers).length).toBeGreaterThan(0);
    for (const provider of Object.values(providers))
      expect(provider.callbackUrl).toMatch(/^http:\/\/localhost:3000\/api\/auth\/callback\//);
  });

  it("answers a sign-in link with a spent or forged token by redirecting on APP_URL, not with a 500", async () => {
    const res = await get("/api/auth/callback/email?token=forged&email=someone%40example.test");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "", "http://invalid");
    expect(location.origin).toBe("http://localhost:3000");
    expect(res.headers.get("set-cookie") ?? "").not.toMatch(/session-token=[^;]/);
  });
});
