/**
 * Issue 43 point 3, D18 and D1: one account's bad bytes cost no other account its request log or
 * counts, and a NUL or lone surrogate in any stored field is a 400, never a 500. Real pipeline,
 * real PostgreSQL: the usage batch is the one the routes queue, written by the real flush.
 */
import { describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

testEnvironment();

async function requestsCounted(userId: string): Promise<number> {
  const { getPool } = await import("@/lib/db/pool");
  const { rows } = await (
    await getPool()
  ).query<{ n: number }>("SELECT COALESCE(SUM(requests), 0)::int AS n FROM monthly_usage WHERE user_id = $1", [userId]);
  return rows[0].n;
}

describe("the usage flush", () => {
  it("counts and logs both accounts when one account's request in the same batch carried a NUL (/v1/usage?x=%00)", async () => {
    const { GET: usage } = await import("@/app/v1/usage/route");
    const { flushUsage } = await import("@/lib/usage/record");
    const { getRequestDetail, listRequestLog } = await import("@/lib/usage/request-log");
    const clean = await createTestAccount({ plan: "pro" });
    const hostile = await createTestAccount({ plan: "pro" });
    await flushUsage();

    // Both requests are queued before the flush: one batch, one statement.
    const good = await usage(apiRequest("/v1/usage", { apiKey: clean.apiKey }));
    const bad = await usage(apiRequest("/v1/usage?x=%00", { apiKey: hostile.apiKey }));
    expect(good.status).toBe(200);
    expect(bad.status).toBe(400);
    await flushUsage();

    expect(await requestsCounted(clean.userId)).toBe(1);
    expect(await requestsCounted(hostile.userId)).toBe(1);
    expect((await listRequestLog(clean.userId)).entries).toHaveLength(1);
    const [logged] = (await listRequestLog(hostile.userId)).entries;
    expect(logged.errorCode).toBe("unknown_parameter");
    // The bad bytes are shown as what they were replaced by, U+FFFD, not dropped silently.
    const detail = await getRequestDetail(hostile.userId, String(logged.id));
    expect(detail?.params).toMatchObject({ x: "\uFFFD" });
  });

  it("writes the rest of a batch one by one when a row is refused (an account deleted before the flush)", async () => {
    const { recordUsage, flushUsage } = await import("@/lib/usage/record");
    const { getPool } = await import("@/lib/db/pool");
    const kept = await createTestAccount({ plan: "pro" });
    const gone = await createTestAccount({ plan: "pro" });
    await flushUsage();
    recordUsage({ userId: kept.userId, apiKeyId: kept.apiKeyId, endpoint: "usage", status: 200 });
    recordUsage({ userId: gone.userId, apiKeyId: null, endpoint: "usage", status: 200 });
    recordUsage({ userId: kept.userId, apiKeyId: kept.apiKeyId, endpoint: "usage", status: 200 });
    // Its rows' foreign key now fails the whole statement.
    await (await getPool()).query("DELETE FROM users WHERE id = $1", [gone.userId]);
    await flushUsage();
    expect(await requestsCounted(kept.userId)).toBe(2);
  });
});

describe("stored fields refuse NUL and lone surrogates with a 400", () => {
  it("a monitor's name through the API (a JSON body; the query parser refuses a NUL the same way)", async () => {
    const { POST } = await import("@/app/v1/monitors/route");
    const account = await createTestAccount({ plan: "pro" });
    for (const name of ["a\u0000b", "\ud800x", "x\udc00"]) {
      const request = new Request("http://localhost:3000/v1/monitors", {
        method: "POST",
        headers: { "X-API-Key": account.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({ url: "https://example.com/", name }),
      });
      const response = await POST(request);
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ code: "invalid_parameter", param: "name" });
      expect(problem.detail).toContain("NUL");
    }
  });

  it("OAuth: registration, the authorization request and the token endpoint answer OAuth's JSON errors", async () => {
    const { POST: register } = await import("@/app/oauth/register/route");
    const { POST: token } = await import("@/app/oauth/token/route");
    const { checkAuthorizeRequest } = await import("@/lib/mcp/oauth/authorize");
    const registration = (body: unknown) =>
      register(
        new Request("http://localhost:3000/oauth/register", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    for (const bad of ["a\u0000b", "\ud800", "x\udc00y"]) {
      for (const body of [
        { client_name: bad, redirect_uris: ["https://app.example/cb"] },
        { client_name: "Agent", redirect_uris: [`https://app.example/cb${bad}`] },
      ]) {
        const response = await registration(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toMatchObject({ error: "invalid_client_metadata" });
      }
    }
    const check = await checkAuthorizeRequest(new URLSearchParams({ client_id: "\u0000x", response_type: "code" }));
    expect(check).toEqual({ kind: "refused", message: expect.stringContaining("client_id must not contain NUL") });
    const refresh = await token(
      new Request("http://localhost:3000/oauth/token", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "grant_type=refresh_token&client_id=%00x&refresh_token=abc",
      }),
    );
    expect(refresh.status).toBe(401);
    expect(await refresh.json()).toMatchObject({ error: "invalid_client" });
  });
});
