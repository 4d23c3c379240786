/**
 * The webhook headers against the Standard Webhooks specification's published example, and the
 * retry schedule (D20).
 */
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { retryDelayMs } from "@/lib/webhooks/backoff";
import { signedHeaders } from "@/lib/webhooks/deliver";

describe("signedHeaders", () => {
  it("matches the Standard Webhooks test vector", () => {
    const headers = signedHeaders(
      ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      '{"test": 2432232314}',
      new Date(1_614_265_330_000),
    );
    expect(headers).toMatchObject({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
      "content-type": "application/json",
    });
  });
});

describe("signedHeaders with two secrets (the day after a roll)", () => {
  it("carries one v1 signature per secret, each verifying on its own", () => {
    const secrets = ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", `whsec_${Buffer.alloc(32, 9).toString("base64")}`];
    const at = new Date();
    const headers = signedHeaders(secrets, "msg_two", '{"a":1}', at);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of secrets) expect(new Webhook(secret).verify('{"a":1}', headers)).toEqual({ a: 1 });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify('{"a":1}', headers)).toThrow();
  });
});

describe("retryDelayMs", () => {
  it("grows fivefold from the base: about a day of retries with the defaults", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, 5_000))).toEqual([
      5_000, 25_000, 125_000, 625_000, 3_125_000, 15_625_000, 78_125_000,
    ]);
    const windowHours = [1, 2, 3, 4, 5, 6, 7].reduce((sum, n) => sum + retryDelayMs(n, 5_000), 0) / 3_600_000;
    expect(windowHours).toBeGreaterThan(27);
    expect(windowHours).toBeLessThan(27.2);
  });
});
