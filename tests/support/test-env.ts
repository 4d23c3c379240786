/**
 * The one way a test file gets its environment (tests/support/env.ts): `const env = testEnvironment()` at
 * the top of the file registers the set-up as its first hook and the clean-up as its last, and
 * `env.current` is the file's TestEnv while its tests run. Options given as a function are read in
 * the hook, for a file whose environment names servers it starts first (call it after their hook).
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
      if (!current) throw new Error("the test environment is made in beforeAll: read it in a hook or a test");
      return current;
    },
  };
}
