import { Redis } from "ioredis";
import { expect } from "vitest";
import { REDIS_URL } from "@/tests/support/env";
import { defineCacheSuite } from "./cache-suite";

// Several instances over TCP Redis (REDIS_URL): the machine's real Redis.
defineCacheSuite("REDIS_URL", {
  env: async () => ({ database: "postgres", store: "redis" }),
  concurrency: 20,
  async assertStored(h, key) {
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.exists(`${h.testEnv.redisPrefix}result:${key}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  },
});
