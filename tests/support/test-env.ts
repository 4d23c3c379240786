/**
 * The one way a test file gets its environment (tests/support/env.ts): `const env = testEnvironment()` at
 * the top of the file registers the set-up as its first hook and the clean-up as its last, and
 * `env.current` is the file's TestEnv while its tests run. Options given as a function are read in
 * the hook, for a file whose environment names servers it starts first (call it after their hook).
 * The harnesses (tests/support/screenshot-harness.ts, tests/integration/{animate,content,mcp,sdks})
 * call it the same way, between the hooks that start their servers and those that use the app.
 */
import { afterAll, beforeAll } from "vitest";
import { useTestEnv, type TestEnv, type TestEnvOptions } from "@/tests/support/env";

export interface FileEnv {
  readonly current: TestEnv;
}

export function testEnvironment(options: TestEnvOptions | (() => TestEnvOptions) = {}): FileEnv {
  let current: TestEnv | undefined;
  beforeAll(async () => {
    current = await useTestEnv(typeof options === "function" ? options() : options);
  });
  // Vitest runs after-hooks last-registered first: this one, registered first, runs after the
  // file's own (servers, browsers), as the files did by hand.
  afterAll(async () => {
    await current?.cleanup();
  });
  return {
    get current() {
      return madeInBeforeAll(current, "the test environment");
    },
  };
}

/**
 * What a file's hooks made (its environment, a harness's servers and accounts), or an error that
 * says why it is missing: it was read while the file was collected, before any hook ran.
 */
export function madeInBeforeAll<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is made in beforeAll: read it in a hook or a test`);
  return value;
}
