/** What the TypeScript SDK's test files (typescript*.test.ts) share: a client on the file's server. */
import { beforeAll, expect } from "vitest";
import { Glance, GlanceError } from "@/sdks/typescript/src/index";
import { madeInBeforeAll } from "@/tests/support/test-env";
import type { sdkServer } from "./harness";

export const now = () => Math.floor(Date.now() / 1000);

/** A client with the server's Business account's key, made in beforeAll (call after sdkServer()). */
export function sdkClient(s: ReturnType<typeof sdkServer>): { readonly glance: Glance } {
  let glance: Glance | undefined;
  beforeAll(async () => {
    glance = new Glance({ apiKey: s.account.apiKey, baseUrl: s.origin });
  });
  return {
    get glance() {
      return madeInBeforeAll(glance, "the SDK client");
    },
  };
}

/** The GlanceError `promise` rejects with (and that it does reject with one). */
export async function thrown(promise: Promise<unknown>): Promise<GlanceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GlanceError);
  return error as GlanceError;
}
