/** The per-address cap on sign-in e-mails, counted from real verification tokens. */
import { describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

testEnvironment();

describe("signInEmailAllowed", () => {
  it("allows three links per address within ten minutes, then again once they are older", async () => {
    const { getDb } = await import("@/lib/db");
    const { SIGN_IN_LINK_MAX_AGE_SECONDS } = await import("@/lib/auth/constants");
    const { signInEmailAllowed, SIGN_IN_EMAIL_LIMIT } = await import("@/lib/auth/throttle");
    const db = await getDb();
    const now = new Date();
    const createdAt = (msAgo: number) => new Date(now.getTime() - msAgo + SIGN_IN_LINK_MAX_AGE_SECONDS * 1000);

    for (let i = 0; i < SIGN_IN_EMAIL_LIMIT; i++) {
      expect(await signInEmailAllowed("ann@example.test", now)).toBe(true);
      await db.verificationToken.create({
        data: { identifier: "ann@example.test", token: `t${i}`, expires: createdAt(60_000 * i) },
      });
    }
    expect(await signInEmailAllowed("ann@example.test", now)).toBe(false);
    expect(await signInEmailAllowed("someone-else@example.test", now)).toBe(true);
    // Eleven minutes later all three are outside the window.
    expect(await signInEmailAllowed("ann@example.test", new Date(now.getTime() + 11 * 60_000))).toBe(true);
  });
});
