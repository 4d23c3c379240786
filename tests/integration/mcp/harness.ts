/**
 * Set-up for the MCP server's tests (D25): the real /mcp route served over loopback HTTP, the
 * screenshot fixture pages (an allowed private origin, exact), the file's test environment
 * (testEnvironment: a private database), real accounts, real Chromium, and the official SDK's
 * Client with its Streamable HTTP transport.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import type { TestEnv } from "@/tests/support/env";
import { startRouteServer, type RouteServer } from "@/tests/support/route-server";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";

export interface McpHarness {
  fx: FixtureServer;
  app: RouteServer;
  testEnv: TestEnv;
  mcpUrl: URL;
  /** A connected SDK client presenting `credential` (Bearer unless `header: "x-api-key"`). */
  connect(credential: string, options?: { header?: "bearer" | "x-api-key" }): Promise<Client>;
  account(plan?: "free" | "starter" | "pro" | "business"): Promise<TestAccount>;
  /** The account's renders counted this month. */
  renders(userId: string): Promise<number>;
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
}

/**
 * Registers the file's harness (at the top of the file): a hook that starts the fixture pages and
 * the route server, the environment (whose APP_URL is the route server's address), a hook that
 * mounts the routes and starts the job workers; after the tests, the clients, workers, Chromium
 * and servers stop before the environment's clean-up.
 */
export function mcpHarness(
  options: { moreOrigins?: () => string[]; env?: Record<string, string>; store?: "redis" } = {},
): McpHarness {
  let fx: FixtureServer | undefined;
  let app: RouteServer | undefined;
  // Filled once the environment is set: the routes' modules read it when loaded.
  const routes: Parameters<typeof startRouteServer>[0] = {};
  let db: pg.Pool | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    fx = await startFixtureServer();
    app = await startRouteServer(routes);
  });
  // The route server's address is the app's: APP_URL must name it before the modules read it.
  const env = testEnvironment(() => ({
    extra: {
      // More fixture sites a file starts before this harness (the browsing tools' login site, D43).
      ALLOW_PRIVATE_ORIGINS: [fx!.origin, ...(options.moreOrigins?.() ?? [])].join(","),
      BROWSER_CONCURRENCY: "2",
      APP_URL: app!.origin,
      ...options.env,
    },
    // Redis for the files that need it: the browsing tools' relay between instances (D43).
    ...(options.store ? { store: options.store } : {}),
  }));
  beforeAll(async () => {
    const mcp = await import("@/app/mcp/route");
    routes["/mcp"] = { POST: mcp.POST, GET: mcp.GET, DELETE: mcp.DELETE };
    // The OAuth side (D25): metadata, registration, the consent page's decision, tokens.
    const resourceMetadata = await import("@/app/.well-known/oauth-protected-resource/route");
    routes["/.well-known/oauth-protected-resource"] = { GET: resourceMetadata.GET };
    routes["/.well-known/oauth-protected-resource/mcp"] = { GET: resourceMetadata.GET };
    routes["/.well-known/oauth-authorization-server"] = {
      GET: (await import("@/app/.well-known/oauth-authorization-server/route")).GET,
    };
    routes["/oauth/register"] = { POST: (await import("@/app/oauth/register/route")).POST };
    routes["/oauth/token"] = { POST: (await import("@/app/oauth/token/route")).POST };
    routes["/oauth/decision"] = { POST: (await import("@/app/oauth/decision/route")).POST };
    // What every instance runs in the background (D20): the workers that run start_job's jobs and crawl_site's pages (D32).
    const { startJobWorkers } = await import("@/lib/jobs/worker");
    const { CRAWL_PAGE } = await import("@/lib/jobs/store");
    const { crawlPageKind } = await import("@/lib/crawl/run");
    await startJobWorkers({ [CRAWL_PAGE]: crawlPageKind });
    db = new pg.Pool({ connectionString: env.current.databaseUrl, max: 2 });
    // The test database is dropped at the file's end: an idle connection it terminates then is expected.
    db.on("error", () => {});
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    // Live sessions the browsing tools opened (D43) end before their browser does.
    const { endLiveSessions } = await import("@/lib/sessions/connect");
    await endLiveSessions();
    await (await import("@/lib/sessions/relay")).stopSessionRelay();
    await (await import("@/lib/redis/pubsub")).closePubSub();
    const { stopJobWorkers } = await import("@/lib/jobs/worker");
    await stopJobWorkers();
    await db?.end();
    const { shutdownBrowsers } = await import("@/lib/browser");
    await shutdownBrowsers();
    await app?.close();
    await fx?.close();
  });

  const pool = () => madeInBeforeAll(db, "the harness's database pool");
  const harness: McpHarness = {
    get fx() {
      return madeInBeforeAll(fx, "the fixture server");
    },
    get app() {
      return madeInBeforeAll(app, "the route server");
    },
    get testEnv() {
      return env.current;
    },
    get mcpUrl() {
      return new URL("/mcp", harness.app.origin);
    },
    async connect(credential, options = {}) {
      const headers: Record<string, string> =
        options.header === "x-api-key" ? { "X-API-Key": credential } : { Authorization: `Bearer ${credential}` };
      const client = new Client({ name: "glance-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(harness.mcpUrl, { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
    account: (plan = "business") => createTestAccount({ plan }),
    async renders(userId) {
      const rows = await pool().query<{ renders: number }>("SELECT renders FROM monthly_usage WHERE user_id = $1", [
        userId,
      ]);
      return rows.rows.reduce((sum, row) => sum + Number(row.renders), 0);
    },
    async sql(text, values = []) {
      return (await pool().query(text, values)).rows;
    },
  };
  return harness;
}

/** The text items of a tool result, in order. */
export function texts(result: CallToolResult): string[] {
  return result.content.flatMap((item) => (item.type === "text" ? [item.text] : []));
}

/** The JSON answer a tool put in its first JSON text item. */
export function answerOf(result: CallToolResult): Record<string, unknown> {
  const text = texts(result).find((t) => t.startsWith("{"));
  if (!text) throw new Error(`no JSON answer in ${JSON.stringify(result).slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A tool error's problem (code, detail, param), failing the test when the call did not fail. */
export function problemOfTool(result: CallToolResult): {
  code: string;
  detail: string;
  param?: string;
  status: number;
} {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result).slice(0, 500)}`);
  return result.structuredContent as { code: string; detail: string; param?: string; status: number };
}

/** The image item of a tool result, decoded. */
export function imageOf(result: CallToolResult): { data: Buffer; mimeType: string } {
  const item = result.content.find((c) => c.type === "image");
  if (!item || item.type !== "image") throw new Error(`no image in ${JSON.stringify(result).slice(0, 300)}`);
  return { data: Buffer.from(item.data, "base64"), mimeType: item.mimeType };
}

/** A raw POST to /mcp with `credential` as Bearer: for what the SDK's client never sends (a batch, a replayed token). */
export function postMcp(h: { mcpUrl: URL }, credential: string, body: unknown): Promise<Response> {
  return fetch(h.mcpUrl, {
    method: "POST",
    headers: {
      authorization: `Bearer ${credential}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify(body),
  });
}
