/**
 * Server start-up on the embedded database (lib/bootstrap.ts): the demo account with its
 * Business-plan key exists only on the embedded default — embedded database and a loopback
 * APP_URL — never on a public deployment that keeps the embedded database.
 */
import { access, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";

const testEnv = testEnvironment({ database: "embedded" });

afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers(); // bootstrap warms the browser up in the background
});

/** Starts the app's bootstrap; answers what it printed on the console (stdout). */
async function start(appUrl: string, authSecret?: string): Promise<string> {
  const { reloadEnv } = await import("@/lib/env");
  process.env.APP_URL = appUrl;
  if (authSecret) process.env.AUTH_SECRET = authSecret;
  else delete process.env.AUTH_SECRET;
  reloadEnv();
  const { bootstrap } = await import("@/lib/bootstrap");
  let printed = "";
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    printed += chunk.toString();
    return write.call(process.stdout, chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    await bootstrap();
  } finally {
    process.stdout.write = write;
  }
  return printed;
}

async function demoUser() {
  const { getDb } = await import("@/lib/db");
  const { DEMO_EMAIL } = await import("@/lib/bootstrap");
  return (await getDb()).user.findUnique({ where: { email: DEMO_EMAIL }, include: { apiKeys: true } });
}

describe("demo account at start-up", () => {
  it("is not created on a public deployment that keeps the embedded database", async () => {
    await start("https://glance.invalid", "a-public-deployment-secret-0123456789");
    expect(await demoUser()).toBeNull();
    await expect(access(path.join(testEnv.current.dataDir, "demo-api-key"))).rejects.toThrow();
  });

  it("is created on the embedded default, with a working Business key in DATA_DIR/demo-api-key", async () => {
    const printed = await start("http://localhost:3000");
    const key = (await readFile(path.join(testEnv.current.dataDir, "demo-api-key"), "utf8")).trim();
    // The console says whose key it is and how to sign in as that account (#33 point 4).
    expect(printed).toContain(`Demo API key: ${key}`);
    expect(printed).toContain("It belongs to the account demo@glance.local, on the Business plan.");
    expect(printed).toContain(
      "Sign in as it: http://localhost:3000/signin with demo@glance.local, then open the link in the local inbox at http://localhost:3000/dev/inbox",
    );
    expect(key).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    const { findKeyOwner } = await import("@/lib/keys/service");
    expect(await findKeyOwner(key)).toMatchObject({ plan: "business", revoked: false });
    expect((await demoUser())?.apiKeys).toHaveLength(1);

    await start("http://localhost:3000"); // a restart reuses the key
    expect((await readFile(path.join(testEnv.current.dataDir, "demo-api-key"), "utf8")).trim()).toBe(key);
    expect((await demoUser())?.apiKeys).toHaveLength(1);

    // An operator moved the account to another plan (admin set-plan) and the key file is gone:
    // the restart makes a new key and leaves the plan alone.
    const { getDb } = await import("@/lib/db");
    await (
      await getDb()
    ).user.update({ where: { email: (await import("@/lib/bootstrap")).DEMO_EMAIL }, data: { plan: "starter" } });
    await rm(path.join(testEnv.current.dataDir, "demo-api-key"));
    expect(await start("http://localhost:3000")).toContain("on the Starter plan.");
    const renewed = (await readFile(path.join(testEnv.current.dataDir, "demo-api-key"), "utf8")).trim();
    expect(renewed).not.toBe(key);
    expect(await findKeyOwner(renewed)).toMatchObject({ plan: "starter", revoked: false });
  });
});
