/** AUTH_SECRET: explicit in production, generated once and kept 0600 on the local default only. */
import { readFile, stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

testEnvironment({ extra: { AUTH_SECRET: undefined } });

describe("auth secret", () => {
  it("is generated once on a localhost APP_URL, persisted with mode 0600 and reused", async () => {
    const { authSecret, authSecretFile } = await import("@/lib/auth/secret");
    const [a, b] = await Promise.all([authSecret(), authSecret()]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(authSecretFile(), "utf8")).trim()).toBe(a);
    expect((await stat(authSecretFile())).mode & 0o777).toBe(0o600);
    expect(await authSecret()).toBe(a);
  });

  it("is required when APP_URL is public, and taken from AUTH_SECRET when given", async () => {
    const { reloadEnv } = await import("@/lib/env");
    const { authSecret, MissingAuthSecretError } = await import("@/lib/auth/secret");
    process.env.APP_URL = "https://glance.example.com";
    reloadEnv();
    try {
      await expect(authSecret()).rejects.toBeInstanceOf(MissingAuthSecretError);
      process.env.AUTH_SECRET = "an-operator-chosen-secret-of-enough-length";
      reloadEnv();
      expect(await authSecret()).toBe("an-operator-chosen-secret-of-enough-length");
    } finally {
      process.env.APP_URL = "http://localhost:3000";
      delete process.env.AUTH_SECRET;
      reloadEnv();
    }
  });
});
