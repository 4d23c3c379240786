import { expect } from "vitest";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";
import { defineCacheSuite } from "./cache-suite";

// Serverless shape: results in Upstash, spoken over its REST protocol to a bridge onto the real Redis.
let bridge: UpstashBridge;
defineCacheSuite("Upstash REST", {
  env: async () => {
    bridge = await startUpstashBridge();
    return {
      database: "postgres",
      extra: { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token },
      teardown: () => bridge.close(),
    };
  },
  concurrency: 20,
  async assertStored(h, key) {
    const sets = bridge.commands.filter((c) => c[0].toLowerCase() === "set");
    // The render's single-flight lock, then the result itself, both through the REST protocol.
    expect(sets.filter((c) => c[1] === `${h.testEnv.redisPrefix}lock:result:${key}`)).toHaveLength(1);
    expect(sets.filter((c) => c[1] === `${h.testEnv.redisPrefix}result:${key}`)).toHaveLength(1);
  },
});
