/**
 * Cache control and what the answer says about the target (D19, issue 17 points 6–7, issue 20
 * point 2), on real Chromium against loopback fixture pages: fresh=true, cacheTtl (honoured and
 * capped by the plan), response=json's page facts and timings, X-Target-Status, failOnHttpError.
 */
import { describe, expect, it } from "vitest";
import { apiRequest, problemOf, type TestAccount } from "@/tests/support/api";
import { expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const h = screenshotHarness();

async function rendersUsed(account: TestAccount): Promise<number> {
  const { GET } = await import("@/app/v1/usage/route");
  const body = (await (await GET(apiRequest("/v1/usage", { apiKey: account.apiKey }))).json()) as {
    renders: { used: number };
  };
  return body.renders.used;
}

const DAY_MS = 86_400_000;

describe("fresh=true", () => {
  it("renders again, replaces the cached result and counts as a render", async () => {
    const account = await h.accountOn("starter");
    const query = { url: "basic.html?fresh-test", response: "json" };
    const first = await h.shoot(query, { account });
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstBody = await first.json();
    const hit = await h.shoot(query, { account });
    expect(hit.headers.get("x-cache")).toBe("HIT");
    const hitsBefore = h.fx.hits.filter((x) => x.url === "/basic.html?fresh-test").length;
    const usedBefore = await rendersUsed(account);

    const fresh = await h.shoot({ ...query, fresh: true }, { account });
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect((await fresh.json()).cachedAt).toBeNull();
    expect(h.fx.hits.filter((x) => x.url === "/basic.html?fresh-test").length).toBe(hitsBefore + 1); // the page was loaded again
    expect(await rendersUsed(account)).toBe(usedBefore + 1);

    const after = await h.shoot(query, { account });
    expect(after.headers.get("x-cache")).toBe("HIT");
    const afterBody = await after.json();
    expect(afterBody.imageUrl).toBe(firstBody.imageUrl); // same key, replaced entry
    expect(afterBody.expiresAt).toBeGreaterThan(firstBody.expiresAt); // the fresh render's entry
  });
});

describe("cacheTtl", () => {
  it("keeps the result for the seconds asked, and at most the plan's cache time", async () => {
    const short = await (await h.shoot({ url: "basic.html?ttl-short", cacheTtl: 120, response: "json" })).json();
    const left = short.expiresAt - Date.now();
    expect(left).toBeGreaterThan(60_000);
    expect(left).toBeLessThanOrEqual(120_000);

    const free = await h.accountOn("free");
    const capped = await (
      await h.shoot({ url: "basic.html?ttl-capped", cacheTtl: 60 * 86_400, response: "json" }, { account: free })
    ).json();
    const cappedLeft = capped.expiresAt - Date.now();
    expect(cappedLeft).toBeGreaterThan(7 * DAY_MS - 120_000); // Free keeps results 7 days
    expect(cappedLeft).toBeLessThanOrEqual(7 * DAY_MS);
  });

  it("is not part of the cache key, and out-of-range values are 400s naming it", async () => {
    await expectOk(await h.shoot({ url: "basic.html?ttl-key" }));
    const again = await h.shoot({ url: "basic.html?ttl-key", cacheTtl: 3600 });
    expect(again.headers.get("x-cache")).toBe("HIT");
    for (const cacheTtl of [59, 60 * 86_400 + 1]) {
      expect(await problemOf(await h.shoot({ url: "basic.html", cacheTtl }))).toMatchObject({
        status: 400,
        code: "parameter_out_of_range",
        param: "cacheTtl",
      });
    }
    expect(await problemOf(await h.shoot({ url: "basic.html", fresh: "yes" }))).toMatchObject({
      status: 400,
      code: "invalid_parameter",
      param: "fresh",
    });
  });
});

describe("response=json page facts", () => {
  it("reports the final URL after redirects, the target's status, title, its own OG/Twitter tags and per-phase timings", async () => {
    const res = await h.shoot({ url: `${h.fx.origin}/redirect?to=meta.html`, response: "json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-target-status")).toBe("200");
    const body = await res.json();
    expect(body).toMatchObject({
      url: `${h.fx.origin}/redirect?to=meta.html`,
      finalUrl: h.fx.url("meta.html"),
      targetStatus: 200,
      title: "Meta fixture",
      metaTags: {
        "og:title": "The OG title",
        "og:image": "https://cdn.example/card.png",
        "twitter:card": "summary_large_image",
      },
    });
    expect(Object.keys(body.metaTags).sort()).toEqual(["og:image", "og:title", "twitter:card"]); // no description, first og:title only
    expect(Object.keys(body.timings).sort()).toEqual(["capture", "encode", "navigate", "wait"]);
    for (const ms of Object.values(body.timings)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(body.timings.navigate).toBeGreaterThan(0);

    const hit = await h.shoot({ url: `${h.fx.origin}/redirect?to=meta.html`, response: "json" });
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("x-target-status")).toBe("200");
    const hitBody = await hit.json();
    expect(hitBody).toMatchObject({ finalUrl: body.finalUrl, title: body.title, timings: body.timings });
  });
});

describe("target HTTP errors (issue 20 point 2)", () => {
  it("by default a 404 target is a 422 problem with X-Target-Status: 404 that costs no render and is not cached", async () => {
    const account = await h.accountOn("starter");
    const usedBefore = await rendersUsed(account);
    for (let i = 0; i < 2; i++) {
      const res = await h.shoot({ url: "missing-page.html" }, { account });
      expect(res.status).toBe(422);
      expect(res.headers.get("x-target-status")).toBe("404");
      expect(await problemOf(res)).toMatchObject({ status: 422, code: "target_http_error", param: "url" });
    }
    expect(h.fx.hitsFor("/missing-page.html")).toBe(2); // asked twice, loaded twice: nothing was cached
    expect(await rendersUsed(account)).toBe(usedBefore);

    const serverError = await h.shoot({ url: `${h.fx.origin}/status.html?code=503` }, { account });
    expect([serverError.status, serverError.headers.get("x-target-status")]).toEqual([422, "503"]);
  });

  it("failOnHttpError=false captures the error page, says its status, and caches it for 5 minutes at most", async () => {
    const res = await h.shoot({ url: `${h.fx.origin}/status.html?code=500`, failOnHttpError: false, response: "json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-target-status")).toBe("500");
    const body = await res.json();
    expect(body).toMatchObject({ targetStatus: 500, title: "Error 500" });
    expect(body.expiresAt - Date.now()).toBeLessThanOrEqual(300_000);

    const image = await h.shoot({ url: "missing-page.html", failOnHttpError: false });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-target-status")).toBe("404");
  });
});
