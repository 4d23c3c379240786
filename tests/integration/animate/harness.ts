/**
 * Shared set-up for the recording tests: the page harness (tests/support/page-harness.ts) on the
 * fixture pages of tests/fixtures/animate, and the real /v1/animate and /v1/screenshot routes
 * called in-process.
 */
import path from "node:path";
import { beforeAll } from "vitest";
import { apiRequest, type TestAccount } from "@/tests/support/api";
import type { TestEnvOptions } from "@/tests/support/env";
import { fixtureQuery, isFixtureName } from "@/tests/support/fixture-server";
import { type PageHarness, pageHarness } from "@/tests/support/page-harness";

const PAGES = path.resolve(import.meta.dirname, "../../fixtures/animate");

type Query = Record<string, string | number | boolean>;

interface AnimateHarness extends PageHarness {
  /** GET /v1/animate; a bare fixture file name as url becomes its URL on the fixture server. */
  animate(query: Query, options?: { account?: TestAccount }): Promise<Response>;
  /** POST /v1/animate with a JSON body. */
  post(body: Record<string, unknown>, options?: { account?: TestAccount }): Promise<Response>;
  screenshot(query: Query): Promise<Response>;
}

/** Registers the file's harness (at the top of the file): pageHarness's hooks, then one that loads the routes. */
export function animateHarness(options: { env?: TestEnvOptions } = {}): AnimateHarness {
  const page = pageHarness(options, { browserConcurrency: 2, fixtures: PAGES });
  let routes: {
    animate: typeof import("@/app/v1/animate/route");
    screenshot: typeof import("@/app/v1/screenshot/route");
  };
  beforeAll(async () => {
    routes = { animate: await import("@/app/v1/animate/route"), screenshot: await import("@/app/v1/screenshot/route") };
  });
  const calls: Pick<AnimateHarness, "animate" | "post" | "screenshot"> = {
    animate: (q, opts = {}) =>
      routes.animate.GET(
        apiRequest(`/v1/animate?${fixtureQuery(page.fx, q)}`, { apiKey: (opts.account ?? page.account).apiKey }),
      ),
    post: (body, opts = {}) =>
      routes.animate.POST(
        new Request("http://localhost:3000/v1/animate", {
          method: "POST",
          headers: { "X-API-Key": (opts.account ?? page.account).apiKey, "Content-Type": "application/json" },
          body: JSON.stringify(
            typeof body.url === "string" && isFixtureName(body.url) ? { ...body, url: page.fx.url(body.url) } : body,
          ),
        }),
      ),
    screenshot: (q) =>
      routes.screenshot.GET(apiRequest(`/v1/screenshot?${fixtureQuery(page.fx, q)}`, { apiKey: page.account.apiKey })),
  };
  return Object.assign(page, calls);
}

/** The body of a 200, or a failure that says what came instead. */
export async function okBody(response: Response): Promise<Buffer> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}
