/**
 * Set-up for the content endpoint's tests (D24): the page harness (tests/support/page-harness.ts)
 * on the screenshot tests' fixture pages, and the real /v1/content route called in-process on real
 * Chromium.
 */
import { beforeAll } from "vitest";
import { apiRequest, type TestAccount } from "@/tests/support/api";
import { fixtureQuery } from "@/tests/support/fixture-server";
import { type PageHarness, pageHarness, type PageHarnessOptions } from "@/tests/support/page-harness";
import { contentResultSchema } from "@/lib/content/schema";
import { expectDocumented } from "@/tests/support/documented";

interface ContentHarness extends PageHarness {
  /** GET /v1/content; a bare fixture file name as `url` becomes its URL on the fixture server. */
  get(
    query: Record<string, string | number | boolean>,
    options?: { account?: TestAccount; headers?: Record<string, string> },
  ): Promise<Response>;
  /** POST /v1/content with a JSON body. */
  post(body: unknown, options?: { account?: TestAccount; headers?: Record<string, string> }): Promise<Response>;
}

/**
 * Registers the file's harness (at the top of the file): pageHarness's hooks, then one that loads
 * the route. Options given as a function are read in the first hook, for a file that allows
 * servers it starts first (register their hooks before).
 */
export function contentHarness(
  options: Omit<PageHarnessOptions, "plan"> | (() => Omit<PageHarnessOptions, "plan">) = {},
): ContentHarness {
  const page = pageHarness(options, { browserConcurrency: 2 });
  let route: typeof import("@/app/v1/content/route");
  beforeAll(async () => {
    route = await import("@/app/v1/content/route");
  });
  const calls: Pick<ContentHarness, "get" | "post"> = {
    get: (query, opts = {}) =>
      route.GET(
        apiRequest(`/v1/content?${fixtureQuery(page.fx, query)}`, {
          apiKey: (opts.account ?? page.account).apiKey,
          headers: opts.headers,
        }),
      ),
    post: (body, opts = {}) =>
      route.POST(
        new Request("http://localhost:3000/v1/content", {
          method: "POST",
          headers: {
            "X-API-Key": (opts.account ?? page.account).apiKey,
            "Content-Type": "application/json",
            ...opts.headers,
          },
          body: JSON.stringify(body),
        }),
      ),
  };
  return Object.assign(page, calls);
}

/** The JSON body of a 200, or an error that quotes what came back instead. */
export async function okJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${text.slice(0, 500)}`);
  return expectDocumented(contentResultSchema, JSON.parse(text)) as Record<string, unknown>;
}
