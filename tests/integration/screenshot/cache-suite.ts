/**
 * Caching through the real route (D6, D7), run against each result store by the *.test.ts files
 * beside this one: a MISS then a HIT with identical bytes, and identical concurrent requests
 * rendering once — counted by the fixture server, which sees every page load.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestEnvOptions } from "@/tests/support/env";
import { bodyOf, expectOk, type ScreenshotHarness, screenshotHarness } from "@/tests/support/screenshot-harness";

export interface CacheSuiteHooks {
  env: () => Promise<TestEnvOptions & { teardown?: () => Promise<void> }>;
  /** Checks, for this store, that the entry with `key` really lives there. */
  assertStored: (harness: ScreenshotHarness, key: string) => Promise<void>;
  concurrency: number;
}

export function defineCacheSuite(label: string, hooks: CacheSuiteHooks) {
  describe(`screenshot caching (${label})`, () => {
    let options: TestEnvOptions & { teardown?: () => Promise<void> };
    beforeAll(async () => {
      options = await hooks.env();
    });
    // Registered before the harness, so the store's servers stop after it, as before.
    afterAll(async () => options?.teardown?.());
    const h = screenshotHarness(() => ({ env: options }));

    it("answers MISS, then HIT with the identical bytes and ETag", async () => {
      const query = { url: `basic.html?cache=${randomBytes(4).toString("hex")}`, width: 400, height: 300 };
      const first = await h.shoot(query);
      const firstBytes = await expectOk(first);
      expect(first.headers.get("x-cache")).toBe("MISS");
      const second = await h.shoot(query);
      const secondBytes = await expectOk(second);
      expect(second.headers.get("x-cache")).toBe("HIT");
      expect(secondBytes.equals(firstBytes)).toBe(true);
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(second.headers.get("x-render-time")).toBe(first.headers.get("x-render-time"));
      // One page load for the two requests.
      expect(h.fx.hits.filter((hit) => hit.url === `/${query.url}`)).toHaveLength(1);

      const json = (await (await h.shoot({ ...query, response: "json" })).json()) as {
        cachedAt: number;
        imageUrl: string;
      };
      expect(json.cachedAt).toBeGreaterThan(Date.now() - 120_000);
      const key = /\/v1\/files\/([0-9a-f]{64})\.png$/.exec(json.imageUrl)?.[1];
      expect(key).toBeDefined();
      await hooks.assertStored(h, key!);
    });

    it(`renders once for ${hooks.concurrency} identical concurrent requests`, async () => {
      const query = { url: `basic.html?flight=${randomBytes(4).toString("hex")}`, width: 320, height: 240 };
      const responses = await Promise.all(Array.from({ length: hooks.concurrency }, () => h.shoot(query)));
      const bodies = await Promise.all(responses.map(bodyOf));
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      expect(bodies.every((b) => b.equals(bodies[0]))).toBe(true);
      expect(h.fx.hits.filter((hit) => hit.url === `/${query.url}`)).toHaveLength(1);
    });
  });
}
