/**
 * Key rename (issue 20 point 5, D22) on the real database: the owner renames an active key, the
 * name is normalised as at creation, and another account's key, a revoked key and an unknown id
 * are answered alike (null) with nothing changed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";

let owner: TestAccount;
let other: TestAccount;

testEnvironment();

beforeAll(async () => {
  owner = await createTestAccount();
  other = await createTestAccount();
});

async function nameOf(keyId: string): Promise<string | undefined> {
  const { getDb } = await import("@/lib/db");
  return (await (await getDb()).apiKey.findUnique({ where: { id: keyId }, select: { name: true } }))?.name;
}

describe("renameApiKey", () => {
  it("renames the owner's key, normalising spaces and length like creation", async () => {
    const { renameApiKey, MAX_KEY_NAME_LENGTH } = await import("@/lib/keys/service");
    expect(await renameApiKey(owner.userId, owner.apiKeyId, "  staging   server ")).toBe("staging server");
    expect(await nameOf(owner.apiKeyId)).toBe("staging server");
    const long = "x".repeat(MAX_KEY_NAME_LENGTH + 10);
    expect(await renameApiKey(owner.userId, owner.apiKeyId, long)).toBe("x".repeat(MAX_KEY_NAME_LENGTH));
  });

  it("another account's key is not renamed, and the answer is the same as for an unknown id", async () => {
    const { renameApiKey } = await import("@/lib/keys/service");
    const before = await nameOf(owner.apiKeyId);
    expect(await renameApiKey(other.userId, owner.apiKeyId, "taken over")).toBeNull();
    expect(await renameApiKey(other.userId, "no-such-key-id", "taken over")).toBeNull();
    expect(await nameOf(owner.apiKeyId)).toBe(before);
  });

  it("a revoked key keeps its name", async () => {
    const { renameApiKey, revokeApiKey } = await import("@/lib/keys/service");
    expect(await revokeApiKey(other.userId, other.apiKeyId)).toBe(true);
    const before = await nameOf(other.apiKeyId);
    expect(await renameApiKey(other.userId, other.apiKeyId, "after revoke")).toBeNull();
    expect(await nameOf(other.apiKeyId)).toBe(before);
  });
});
