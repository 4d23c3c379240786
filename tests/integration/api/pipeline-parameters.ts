/**
 * The request pipeline's contract, part of definePipelineSuite (pipeline-suite.ts): parameters
 * validated before plan gates (D2), and what validation hands the handler.
 */
import { expect, it } from "vitest";
import { jsonOutcome } from "@/lib/api/outcome";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { PIPELINE_TARGET as target, type PipelineRoutes } from "./support/pipeline-routes";

export function pipelineParameterCases(routes: PipelineRoutes) {
  const route = (request: Request) => routes.route(request);
  const ogRoute = (request: Request) => routes.ogRoute(request);

  it.each([
    ["unknown parameter", "&fullpage=true", 400, "unknown_parameter", "fullpage"],
    ["duplicated parameter", "&width=100&width=200", 400, "invalid_parameter", "width"],
    ["malformed integer", "&width=12px", 400, "invalid_parameter", "width"],
    ["signed integer", "&delay=-1", 400, "invalid_parameter", "delay"],
    ["out of range", "&width=3841", 400, "parameter_out_of_range", "width"],
    ["float out of range", "&deviceScale=3.5", 400, "parameter_out_of_range", "deviceScale"],
    ["bad boolean", "&fullPage=yes", 400, "invalid_parameter", "fullPage"],
    ["bad enum", "&format=gif", 400, "invalid_parameter", "format"],
    ["bad clip", "&clip=1,2,3", 400, "invalid_parameter", "clip"],
    ["non-http url", "", 400, "unsupported_url", "url", "/v1/screenshot?url=ftp%3A%2F%2Fexample.com"],
    ["missing url", "", 400, "missing_parameter", "url", "/v1/screenshot"],
    ["gated for free", "&darkMode=true", 403, "plan_upgrade_required", "darkMode"],
    ["gated pdf option", "&format=pdf&landscape=1", 403, "plan_upgrade_required", "landscape"],
    ["pro-only device", "&device=iphone-15", 403, "plan_upgrade_required", "device"],
  ])("%s → %i %s", async (_label, suffix, status, code, param, base = target) => {
    const a = await createTestAccount({ plan: "free" });
    const res = await route(apiRequest(base + suffix, { apiKey: a.apiKey }));
    const body = await problemOf(res);
    expect(body).toMatchObject({ status, code, param });
    expect(res.status).toBe(status);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("treats a gated parameter at its default as harmless, and names the plan needed", async () => {
    const free = await createTestAccount({ plan: "free" });
    expect((await route(apiRequest(`${target}&darkMode=false`, { apiKey: free.apiKey }))).status).toBe(200);
    const body = await problemOf(await route(apiRequest(`${target}&blockAds=true`, { apiKey: free.apiKey })));
    expect(body.detail).toBe("blockAds requires the Starter plan or higher.");
    // The refusal says where to go next (issue 20): the pricing page of this deployment.
    expect((body as { upgradeUrl?: string }).upgradeUrl).toMatch(/^https?:\/\/[^/]+\/pricing$/);
    const starter = await createTestAccount({ plan: "starter" });
    expect((await route(apiRequest(`${target}&blockAds=true`, { apiKey: starter.apiKey }))).status).toBe(200);
  });

  it("checks that span parameters are 400s before gates and the rate limit (D2)", async () => {
    const free = await createTestAccount({ plan: "free" }); // 10 per minute; darkMode needs Starter
    for (const [query, detail] of [
      ["&clip=0,0,0,100", /at least 1/],
      ["&format=webp&clip=0,0,16000,10&deviceScale=2", /webp images are at most/],
    ] as const) {
      const res = await route(apiRequest(`${target}&darkMode=true${query}`, { apiKey: free.apiKey }));
      expect(await problemOf(res)).toMatchObject({
        status: 400,
        code: "parameter_out_of_range",
        param: "clip",
        detail: expect.stringMatching(detail),
      });
      expect(res.headers.get("ratelimit-remaining")).toBe("10"); // not counted
    }
  });

  it("hands the handler what validate computed, computed once: the capture plan, the OG template and variables", async () => {
    const { apiRoute } = await import("@/lib/api/pipeline");
    const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
    const { ogEndpoint } = await import("@/lib/og/endpoint");
    let validations = 0;
    const counted = {
      ...screenshotEndpoint,
      validate: (...args: Parameters<typeof screenshotEndpoint.validate>) => (
        validations++,
        screenshotEndpoint.validate(...args)
      ),
    };
    const planRoute = apiRoute(counted, async (ctx) => jsonOutcome(ctx.validated));
    const pro = await createTestAccount({ plan: "pro" });

    const plan = await (
      await planRoute(apiRequest(`${target}&device=iphone-15&width=500&format=jpeg`, { apiKey: pro.apiKey }))
    ).json();
    expect(validations).toBe(1);
    // D8: the preset's height and scale, the explicit width; the schema's default quality for jpg.
    expect(plan).toMatchObject({
      url: "https://example.com/",
      format: "jpg",
      quality: 80,
      viewport: { width: 500, height: 852, deviceScaleFactor: 3, isMobile: true },
    });

    const ogValidated = apiRoute(ogEndpoint, async (ctx) => jsonOutcome(ctx.validated));
    const og = await (
      await ogValidated(apiRequest("/v1/og?template=blog-post&title=Hi&accent=f00", { apiKey: pro.apiKey }))
    ).json();
    expect(og).toMatchObject({
      template: { name: "blog-post" },
      variables: { text: { title: "Hi" } },
      canonical: { title: "Hi" },
    });
    expect(og.variables.colors.accent).toBeDefined();
  });

  it("validates before gating: a bad request is 400 even on a plan without OG (D2)", async () => {
    const free = await createTestAccount({ plan: "free" });
    const missing = await problemOf(await ogRoute(apiRequest("/v1/og?format=png", { apiKey: free.apiKey })));
    expect(missing).toMatchObject({ status: 400, code: "missing_parameter", param: "template" });
    const gated = await problemOf(
      await ogRoute(apiRequest("/v1/og?template=default&title=x", { apiKey: free.apiKey })),
    );
    expect(gated).toMatchObject({ status: 403, code: "plan_upgrade_required" });
    expect(gated.detail).toMatch(/Pro plan or higher/);
  });
}
