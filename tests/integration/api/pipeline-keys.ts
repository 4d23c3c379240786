/** The request pipeline's contract, part of definePipelineSuite (pipeline-suite.ts): API keys (D1). */
import { expect, it, vi } from "vitest";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { PIPELINE_TARGET as target, type PipelineRoutes } from "./support/pipeline-routes";

export function pipelineKeyCases(routes: PipelineRoutes) {
  const route = (request: Request) => routes.route(request);

  it("answers each 401 with the spec's exact text as problem+json", async () => {
    const missing = await problemOf(await route(apiRequest(target)));
    expect(missing).toMatchObject({
      status: 401,
      code: "missing_api_key",
      detail: "Missing API key. Provide X-API-Key header or api_key query parameter.",
      title: "Unauthorized",
      type: "http://localhost:3000/docs/errors#missing_api_key",
    });
    const format = await problemOf(await route(apiRequest(target, { apiKey: "sk_live_short" })));
    expect(format).toMatchObject({ status: 401, code: "invalid_api_key_format", detail: "Invalid API key format." });
    const unknown = await problemOf(await route(apiRequest(target, { apiKey: "sk_live_" + "A".repeat(32) })));
    expect(unknown).toMatchObject({ status: 401, code: "invalid_api_key", detail: "Invalid or revoked API key." });
  });

  it("accepts the key from the header or the query, and the header wins", async () => {
    const a = await createTestAccount({ plan: "pro" });
    const b = await createTestAccount({ plan: "pro" });
    const viaQuery = await route(apiRequest(target, { apiKey: a.apiKey, keyIn: "query" }));
    expect(viaQuery.status).toBe(200);
    expect(((await viaQuery.json()) as { caller: { userId: string } }).caller.userId).toBe(a.userId);

    const both = apiRequest(`${target}&api_key=${b.apiKey}`, { apiKey: a.apiKey });
    const res = await route(both);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { caller: { userId: string } }).caller.userId).toBe(a.userId);

    const badHeaderGoodQuery = await route(apiRequest(`${target}&api_key=${b.apiKey}`, { apiKey: "nope" }));
    expect((await problemOf(badHeaderGoodQuery)).code).toBe("invalid_api_key_format");
  });

  it("refuses a revoked key on the very next request", async () => {
    const a = await createTestAccount({ plan: "pro" });
    expect((await route(apiRequest(target, { apiKey: a.apiKey }))).status).toBe(200);
    const { revokeApiKey } = await import("@/lib/keys/service");
    expect(await revokeApiKey(a.userId, a.apiKeyId)).toBe(true);
    const after = await problemOf(await route(apiRequest(target, { apiKey: a.apiKey })));
    expect(after).toMatchObject({ status: 401, detail: "Invalid or revoked API key." });
    expect(await revokeApiKey(a.userId, a.apiKeyId)).toBe(false); // final: no second revoke
  });

  it("tells apart many keys looked up together, revoked and unknown ones included", async () => {
    // Lookups of one event-loop turn share one query (lib/keys/owner-lookup): each request must
    // still get its own key's owner and plan, and a revoked or unknown key its 401.
    const accounts = await Promise.all([
      createTestAccount({ plan: "pro" }),
      createTestAccount({ plan: "business" }),
      createTestAccount({ plan: "pro" }),
    ]);
    const [, , revoked] = accounts;
    const { revokeApiKey } = await import("@/lib/keys/service");
    expect(await revokeApiKey(revoked.userId, revoked.apiKeyId)).toBe(true);
    const unknown = `sk_live_${"Q".repeat(32)}`;
    const keys = Array.from({ length: 24 }, (_, i) => (i % 4 === 3 ? unknown : accounts[i % 4].apiKey));
    const answers = await Promise.all(keys.map((apiKey) => route(apiRequest(target, { apiKey }))));
    for (const [i, res] of answers.entries()) {
      if (i % 4 >= 2) {
        expect((await problemOf(res)).code).toBe("invalid_api_key");
        continue;
      }
      expect(res.status).toBe(200);
      const { caller } = (await res.json()) as { caller: { userId: string; plan: string } };
      expect(caller).toMatchObject({ userId: accounts[i % 4].userId, plan: i % 4 === 0 ? "pro" : "business" });
    }
  });

  it("records a key's lastUsedAt at most once a minute, whatever the server's time zone", async () => {
    const a = await createTestAccount({ plan: "pro" });
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    const lastUsed = async () => (await db.apiKey.findUniqueOrThrow({ where: { id: a.apiKeyId } })).lastUsedAt;
    const use = async () => expect((await route(apiRequest(target, { apiKey: a.apiKey }))).status).toBe(200);
    const zone = process.env.TZ;
    // The column is a timestamp without zone holding UTC; reading it as local time would put
    // the last use hours off and stop (or repeat) the once-a-minute write.
    process.env.TZ = "America/New_York";
    try {
      await use();
      await vi.waitFor(async () => expect(await lastUsed()).not.toBeNull());
      expect(Math.abs((await lastUsed())!.getTime() - Date.now())).toBeLessThan(10_000);

      const recent = new Date(Date.now() - 30_000);
      await db.apiKey.update({ where: { id: a.apiKeyId }, data: { lastUsedAt: recent } });
      await use();
      await new Promise((r) => setTimeout(r, 300));
      expect((await lastUsed())!.getTime()).toBe(recent.getTime());

      const stale = new Date(Date.now() - 120_000);
      await db.apiKey.update({ where: { id: a.apiKeyId }, data: { lastUsedAt: stale } });
      await use();
      await vi.waitFor(async () => expect(Date.now() - (await lastUsed())!.getTime()).toBeLessThan(10_000));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("stores only the SHA-256 of a key and a display form", async () => {
    const a = await createTestAccount();
    const { getDb } = await import("@/lib/db");
    const { createHash } = await import("node:crypto");
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(
      `SELECT * FROM api_keys WHERE user_id = $1`,
      a.userId,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].hash).toBe(createHash("sha256").update(a.apiKey).digest("hex"));
    expect(rows[0].display).toBe(`sk_live_${a.apiKey.slice(8, 12)}…${a.apiKey.slice(-4)}`);
    const everything = JSON.stringify(rows[0]);
    expect(everything).not.toContain(a.apiKey.slice(8));
  });

  it("holds the plan's key limit under concurrent creation", async () => {
    const a = await createTestAccount({ plan: "free" }); // 1 of 2 used
    const { createApiKey, KeyLimitError, listApiKeys } = await import("@/lib/keys/service");
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => createApiKey(a.userId, `k${i}`)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(KeyLimitError);
    expect((await listApiKeys(a.userId)).filter((k) => !k.revokedAt)).toHaveLength(2);
  });

  it("caps key creations per hour, revoked keys included, so create-revoke loops cannot grow the table", async () => {
    const a = await createTestAccount({ plan: "free" }); // its first key is creation 1
    const { createApiKey, KeyChurnError, revokeApiKey } = await import("@/lib/keys/service");
    const { keyCreationsPerHour } = await import("@/lib/plans");
    const perHour = keyCreationsPerHour("free");
    expect(perHour).toBe(20);
    for (let i = 1; i < perHour; i++) {
      const { apiKey } = await createApiKey(a.userId, `churn ${i}`);
      expect(await revokeApiKey(a.userId, apiKey.id)).toBe(true);
    }
    // One active key of the Free plan's two: only the hourly cap refuses this one.
    const refused = await createApiKey(a.userId, "one too many").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KeyChurnError);
    expect((refused as Error).message).toBe(
      "At most 20 API keys can be created per hour, revoked ones included. Try again later.",
    );
    // Creations older than an hour no longer count.
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    await db.apiKey.updateMany({
      where: { userId: a.userId, revokedAt: { not: null } },
      data: { createdAt: new Date(Date.now() - 2 * 3_600_000) },
    });
    expect((await createApiKey(a.userId, "next hour")).key).toMatch(/^sk_live_/);
    // Plans with more keys than that may fill their allowance at once.
    expect(keyCreationsPerHour("business")).toBe(100);
  });
}
