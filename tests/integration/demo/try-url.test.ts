/**
 * The landing page's no-signup demo (D22) on real Chromium, Redis and the target check: a public
 * page is captured at the fixed size; the per-address and daily limits answer 429 with
 * Retry-After; a refused target is a 400 that costs nothing; nothing but the url is the caller's.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvironment } from "@/tests/support/test-env";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";

let fx: FixtureServer;
let GET: (request: Request) => Promise<Response>;
let tryUrlDemo: typeof import("@/lib/demo/try-url").tryUrlDemo;
/** Half past an hour, midday UTC: every request of a test falls in the same hour and day windows. */
const HALF_PAST = () => Date.UTC(2026, 10, 24, 12, 30);
beforeAll(async () => {
  fx = await startFixtureServer();
});

testEnvironment(() => ({
  extra: { ALLOW_PRIVATE_ORIGINS: fx.origin, DEMO_CAPTURES_PER_HOUR: "2", DEMO_CAPTURES_PER_DAY: "3" },
}));

beforeAll(async () => {
  ({ GET } = await import("@/app/api/demo/screenshot/route"));
  ({ tryUrlDemo } = await import("@/lib/demo/try-url"));
});
afterAll(async () => {
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
  await fx?.close();
});

function demo(url: string, from: string, extra = ""): Promise<Response> {
  return tryUrlDemo(
    new Request(`http://localhost:3000/api/demo/screenshot?url=${encodeURIComponent(url)}${extra}`, {
      headers: { "X-Forwarded-For": from },
    }),
    HALF_PAST,
  );
}

describe("try a URL without signing up", () => {
  it("captures a public page at the fixed size; a refused target is a 400 that uses none of the allowance", async () => {
    const refused = await demo("http://127.0.0.1:9/", "203.0.113.1");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("private_address");

    // Options in the query are not the visitor's: the capture is 1280 × 800 WebP whatever they say.
    const response = await demo(fx.url("basic.html?demo=1"), "203.0.113.1", "&width=300&format=png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 800]);
    // Where its time went (issue 51 point 8), every part named, in whole milliseconds.
    const timing = response.headers.get("server-timing") ?? "";
    const spans = Object.fromEntries(timing.split(", ").map((part) => part.split(";dur=")));
    expect(Object.keys(spans)).toEqual(["check", "limits", "setup", "navigate", "wait", "capture", "encode", "total"]);
    for (const ms of Object.values(spans)) expect(ms).toMatch(/^\d+$/);
    expect(Number(spans.total)).toBeGreaterThanOrEqual(Number(spans.navigate) + Number(spans.capture));
  });

  it("per address, then for everyone: 429 rate_limited with Retry-After", async () => {
    expect((await demo(fx.url("basic.html?demo=2"), "203.0.113.1")).status).toBe(200); // the address's 2nd
    const third = await demo(fx.url("basic.html?demo=3"), "203.0.113.1");
    expect(third.status).toBe(429);
    expect(((await third.json()) as { code: string }).code).toBe("rate_limited");
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);

    expect((await demo(fx.url("basic.html?demo=4"), "198.51.100.7")).status).toBe(200); // the day's 3rd
    const overDay = await demo(fx.url("basic.html?demo=5"), "198.51.100.8");
    expect(overDay.status).toBe(429);
    expect(((await overDay.json()) as { detail: string }).detail).toContain("for today");
  });

  it("through the route: a missing url is a 400 naming it", async () => {
    const response = await GET(new Request("http://localhost:3000/api/demo/screenshot"));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { param: string }).param).toBe("url");
  });
});
