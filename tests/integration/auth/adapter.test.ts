/** The Auth.js adapter on the real schema: one account per address, no OAuth tokens kept. */
import { describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

testEnvironment();

describe("glanceAdapter", () => {
  it("stores e-mail addresses lower-cased and finds them whatever the case", async () => {
    const { getDb } = await import("@/lib/db");
    const { glanceAdapter } = await import("@/lib/auth/adapter");
    const adapter = glanceAdapter(await getDb());
    const created = await adapter.createUser!({
      id: "ignored",
      email: "Mixed.Case@Example.TEST",
      emailVerified: null,
      name: "Ann",
    });
    expect(created.email).toBe("mixed.case@example.test");
    expect((await adapter.getUserByEmail!("MIXED.case@example.test"))?.id).toBe(created.id);
    const row = await (await getDb()).user.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.plan).toBe("free");
  });

  it("links a GitHub account by identity only, dropping tokens and unknown fields", async () => {
    const { getDb } = await import("@/lib/db");
    const { glanceAdapter } = await import("@/lib/auth/adapter");
    const db = await getDb();
    const adapter = glanceAdapter(db);
    const user = await adapter.createUser!({ id: "x", email: "octo@example.test", emailVerified: null });
    await adapter.linkAccount!({
      userId: user.id,
      type: "oauth",
      provider: "github",
      providerAccountId: "12345",
      access_token: "gho_secret",
      token_type: "bearer",
      scope: "read:user",
      refresh_token_expires_in: 123,
    } as never);
    const account = await db.account.findUniqueOrThrow({
      where: { provider_providerAccountId: { provider: "github", providerAccountId: "12345" } },
    });
    expect(account.userId).toBe(user.id);
    expect(account.access_token).toBeNull();
    expect(account.refresh_token).toBeNull();
    expect((await adapter.getUserByAccount!({ provider: "github", providerAccountId: "12345" }))?.id).toBe(user.id);
  });

  it("treats deleting a session that is already gone as done", async () => {
    const { getDb } = await import("@/lib/db");
    const { glanceAdapter } = await import("@/lib/auth/adapter");
    const adapter = glanceAdapter(await getDb());
    await expect(adapter.deleteSession!("no-such-session")).resolves.toBeUndefined();
  });
});
