/**
 * Shared set-up for the recording tests: the fixture pages of tests/fixtures/animate on a loopback
 * server (allowed via ALLOW_PRIVATE_ORIGINS), a private test environment, real accounts, and the
 * real /v1/animate and /v1/screenshot routes called in-process.
 */
import path from "node:path";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import { type TestEnv, type TestEnvOptions, useTestEnv } from "@/tests/support/env";
import type { PlanId } from "@/lib/plans";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";

const PAGES = path.resolve(import.meta.dirname, "../../fixtures/animate");

type Query = Record<string, string | number | boolean>;

export interface AnimateHarness {
  fx: FixtureServer;
  testEnv: TestEnv;
  account: TestAccount;
  /** GET /v1/animate; a bare fixture file name as url becomes its URL on the fixture server. */
  animate(query: Query, options?: { account?: TestAccount }): Promise<Response>;
  /** POST /v1/animate with a JSON body. */
  post(body: Record<string, unknown>, options?: { account?: TestAccount }): Promise<Response>;
  screenshot(query: Query): Promise<Response>;
  accountOn(plan: PlanId): Promise<TestAccount>;
  close(): Promise<void>;
}

export async function startAnimateHarness(options: { env?: TestEnvOptions } = {}): Promise<AnimateHarness> {
  const fx = await startFixtureServer({ dir: PAGES });
  const testEnv = await useTestEnv({
    ...options.env,
    extra: { ALLOW_PRIVATE_ORIGINS: fx.origin, BROWSER_CONCURRENCY: "2", ...options.env?.extra },
  });
  const animateRoute = await import("@/app/v1/animate/route");
  const screenshotRoute = await import("@/app/v1/screenshot/route");
  const account = await createTestAccount({ plan: "business" });

  const query = (q: Query) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(q)) {
      const text = String(value);
      params.set(name, name === "url" && /^[\w-]+\.html\b/.test(text) ? fx.url(text) : text);
    }
    return params;
  };

  return {
    fx,
    testEnv,
    account,
    animate: (q, opts = {}) =>
      animateRoute.GET(apiRequest(`/v1/animate?${query(q)}`, { apiKey: (opts.account ?? account).apiKey })),
    post: (body, opts = {}) =>
      animateRoute.POST(
        new Request("http://localhost:3000/v1/animate", {
          method: "POST",
          headers: { "X-API-Key": (opts.account ?? account).apiKey, "Content-Type": "application/json" },
          body: JSON.stringify(
            typeof body.url === "string" && /^[\w-]+\.html\b/.test(body.url)
              ? { ...body, url: fx.url(body.url) }
              : body,
          ),
        }),
      ),
    screenshot: (q) => screenshotRoute.GET(apiRequest(`/v1/screenshot?${query(q)}`, { apiKey: account.apiKey })),
    accountOn: (plan) => createTestAccount({ plan }),
    async close() {
      const { shutdownBrowsers } = await import("@/lib/browser");
      await shutdownBrowsers();
      await fx.close();
      await testEnv.cleanup();
    },
  };
}

/** The body of a 200, or a failure that says what came instead. */
export async function okBody(response: Response): Promise<Buffer> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}
