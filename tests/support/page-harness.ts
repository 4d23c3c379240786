/**
 * What the harnesses of the endpoints that render pages share (tests/support/screenshot-harness.ts,
 * tests/integration/{animate,content}/harness.ts): a fixture server on loopback (allowed via
 * ALLOW_PRIVATE_ORIGINS, exact origin), the file's test environment (testEnvironment: database,
 * DATA_DIR, Redis prefix) and a real account. One Chromium per test file (the module-level browser
 * of lib/browser), closed after the file's tests with the fixture server, before the environment's
 * clean-up.
 */
import { afterAll, beforeAll } from "vitest";
import type { PlanId } from "@/lib/plans";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import type { TestEnv, TestEnvOptions } from "@/tests/support/env";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";

export interface PageHarnessOptions {
  env?: TestEnvOptions;
  /** The account's plan (default business). */
  plan?: PlanId;
  /** Further loopback origins pages may load (a test's own servers). */
  allowOrigins?: string[];
}

export interface PageHarness {
  fx: FixtureServer;
  testEnv: TestEnv;
  account: TestAccount;
  accountOn(plan: PlanId): Promise<TestAccount>;
}

/**
 * Registers the hooks, to be called at the top of the file (or of a describe): one that starts the
 * fixture server, the environment, one that makes the account; the endpoint's harness registers
 * its own after (its routes). Options given as a function are read in the first hook, for a file
 * whose options name servers it starts first (register their hooks before, and their stop runs last).
 */
export function pageHarness(
  options: PageHarnessOptions | (() => PageHarnessOptions | Promise<PageHarnessOptions>),
  setup: { browserConcurrency: number; fixtures?: string },
): PageHarness {
  let resolved: PageHarnessOptions = {};
  let fx: FixtureServer | undefined;
  let account: TestAccount | undefined;
  beforeAll(async () => {
    resolved = typeof options === "function" ? await options() : options;
    fx = await startFixtureServer({ dir: setup.fixtures });
  });
  const env = testEnvironment(() => ({
    ...resolved.env,
    extra: {
      ALLOW_PRIVATE_ORIGINS: [fx!.origin, ...(resolved.allowOrigins ?? [])].join(","),
      BROWSER_CONCURRENCY: String(setup.browserConcurrency),
      ...resolved.env?.extra,
    },
  }));
  beforeAll(async () => {
    account = await createTestAccount({ plan: resolved.plan ?? "business" });
  });
  afterAll(async () => {
    const { shutdownBrowsers } = await import("@/lib/browser");
    await shutdownBrowsers();
    await fx?.close();
  });
  return {
    get fx() {
      return madeInBeforeAll(fx, "the fixture server");
    },
    get testEnv() {
      return env.current;
    },
    get account() {
      return madeInBeforeAll(account, "the harness's account");
    },
    accountOn: (plan) => createTestAccount({ plan }),
  };
}
