import { describe, expect, it } from "vitest";
import { definePipelineSuite } from "./pipeline-suite";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

// Serverless shape: Postgres, and the rate-limit counters in Upstash (its REST protocol served by
// a bridge onto the real Redis).
let bridge: UpstashBridge;
definePipelineSuite("Postgres + Upstash", async () => {
  bridge = await startUpstashBridge();
  return {
    database: "postgres",
    extra: { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token },
    teardown: () => bridge.close(),
  };
});

describe("Upstash wiring", () => {
  it("counted the requests through the Upstash REST protocol", () => {
    const evals = bridge.commands.filter((c) => /^eval/i.test(c[0]));
    expect(evals.length).toBeGreaterThan(10);
    expect(evals.some((c) => c.some((arg) => arg.includes(":rl:")))).toBe(true);
  });
});
