/**
 * The request pipeline's contract (ARCHITECTURE.md#the-product-contract, D1–D5), run against each
 * configuration by the *.test.ts files beside this one; the cases are in pipeline-keys.ts,
 * pipeline-parameters.ts and pipeline-limits.ts, in that order.
 */
import { afterAll, beforeAll, describe } from "vitest";
import { jsonOutcome } from "@/lib/api/outcome";
import type { TestEnvOptions } from "@/tests/support/env";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { pipelineKeyCases } from "./pipeline-keys";
import { pipelineLimitCases } from "./pipeline-limits";
import { pipelineParameterCases } from "./pipeline-parameters";

export function definePipelineSuite(
  label: string,
  options: TestEnvOptions | (() => Promise<TestEnvOptions & { teardown?: () => Promise<void> }>),
) {
  describe(`request pipeline (${label})`, () => {
    let resolved: TestEnvOptions & { teardown?: () => Promise<void> };
    let route: ((r: Request) => Promise<Response>) | undefined;
    let ogRoute: ((r: Request) => Promise<Response>) | undefined;

    beforeAll(async () => {
      resolved = typeof options === "function" ? await options() : options;
    });
    // Registered before the environment, so the configuration's servers stop after its clean-up.
    afterAll(async () => resolved?.teardown?.());
    testEnvironment(() => resolved);

    beforeAll(async () => {
      const { apiRoute } = await import("@/lib/api/pipeline");
      const { screenshotEndpoint } = await import("@/lib/screenshot/endpoint");
      const { ogEndpoint } = await import("@/lib/og/endpoint");
      // Echo handlers: these tests are about what happens before a handler runs.
      route = apiRoute(screenshotEndpoint, async (ctx) => jsonOutcome({ params: ctx.params, caller: ctx.caller }));
      ogRoute = apiRoute(ogEndpoint, async (ctx) => jsonOutcome({ params: ctx.params, extras: ctx.extras }));
    });

    const routes = {
      get route() {
        return madeInBeforeAll(route, "the pipeline's screenshot route");
      },
      get ogRoute() {
        return madeInBeforeAll(ogRoute, "the pipeline's OG route");
      },
    };
    pipelineKeyCases(routes);
    pipelineParameterCases(routes);
    pipelineLimitCases(routes);
  });
}
