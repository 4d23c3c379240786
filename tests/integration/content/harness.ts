/**
 * Set-up for the content endpoint's tests (D24): the screenshot tests' fixture server on loopback
 * (allowed via ALLOW_PRIVATE_ORIGINS, exact origin), a private test environment, real accounts,
 * and the real /v1/content route called in-process on real Chromium.
 */
import type { TestEnvOptions } from "@/tests/support/env";
import { useTestEnv, type TestEnv } from "@/tests/support/env";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import type { PlanId } from "@/lib/plans";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";

export interface ContentHarness {
  fx: FixtureServer;
  testEnv: TestEnv;
  account: TestAccount;
  /** GET /v1/content; a bare fixture file name as `url` becomes its URL on the fixture server. */
  get(
    query: Record<string, string | number | boolean>,
    options?: { account?: TestAccount; headers?: Record<string, string> },
  ): Promise<Response>;
  /** POST /v1/content with a JSON body. */
  post(body: unknown, options?: { account?: TestAccount; headers?: Record<string, string> }): Promise<Response>;
  accountOn(plan: PlanId): Promise<TestAccount>;
  close(): Promise<void>;
}

export async function startContentHarness(
  options: { env?: TestEnvOptions; allowOrigins?: string[] } = {},
): Promise<ContentHarness> {
  const fx = await startFixtureServer();
  const testEnv = await useTestEnv({
    ...options.env,
    extra: {
      ALLOW_PRIVATE_ORIGINS: [fx.origin, ...(options.allowOrigins ?? [])].join(","),
      BROWSER_CONCURRENCY: "2",
      ...options.env?.extra,
    },
  });
  const { GET, POST } = await import("@/app/v1/content/route");
  const account = await createTestAccount({ plan: "business" });

  return {
    fx,
    testEnv,
    account,
    get(query, opts = {}) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        const text = String(value);
        params.set(name, name === "url" && /^[\w-]+\.html\b/.test(text) ? fx.url(text) : text);
      }
      return GET(
        apiRequest(`/v1/content?${params}`, { apiKey: (opts.account ?? account).apiKey, headers: opts.headers }),
      );
    },
    post(body, opts = {}) {
      return POST(
        new Request("http://localhost:3000/v1/content", {
          method: "POST",
          headers: {
            "X-API-Key": (opts.account ?? account).apiKey,
            "Content-Type": "application/json",
            ...opts.headers,
          },
          body: JSON.stringify(body),
        }),
      );
    },
    accountOn: (plan) => createTestAccount({ plan }),
    async close() {
      const { shutdownBrowsers } = await import("@/lib/browser");
      await shutdownBrowsers();
      await fx.close();
      await testEnv.cleanup();
    },
  };
}

/** The JSON body of a 200, or an error that quotes what came back instead. */
export async function okJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}
