/**
 * The SDKs' tests run against the real API over HTTP (D29): the app's own /v1 route handlers behind
 * a Node HTTP server on loopback, on the file's test environment (testEnvironment: a private
 * Postgres database), with real Chromium, this process's job workers (monitors' runs included) and
 * webhook dispatcher delivering to a receiver on loopback. Pages come from the screenshot fixture
 * server. One Chromium slot (BROWSER_CONCURRENCY=1), so a test can keep the renderer busy and get a
 * real 503 renderer_busy with its Retry-After.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import type { TestEnv } from "@/tests/support/env";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";
import { type ForwardProxy, startHttpProxy } from "@/tests/support/forward-proxies";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Record<string, unknown>;

/** The app's /v1 routes by path pattern, as Next's file-system router would match them. */
const ROUTES: Array<[RegExp, () => Promise<RouteModule>, string?]> = [
  [/^\/v1\/screenshot$/, () => import("@/app/v1/screenshot/route")],
  [/^\/v1\/og$/, () => import("@/app/v1/og/route")],
  [/^\/v1\/og\/templates$/, () => import("@/app/v1/og/templates/route")],
  [/^\/v1\/content$/, () => import("@/app/v1/content/route")],
  [/^\/v1\/animate$/, () => import("@/app/v1/animate/route")],
  [/^\/v1\/diff$/, () => import("@/app/v1/diff/route")],
  [/^\/v1\/usage$/, () => import("@/app/v1/usage/route")],
  [/^\/v1\/connectors$/, () => import("@/app/v1/connectors/route")],
  [/^\/v1\/jobs$/, () => import("@/app/v1/jobs/route")],
  [/^\/v1\/jobs\/bulk$/, () => import("@/app/v1/jobs/bulk/route")],
  [/^\/v1\/jobs\/bulk\/[^/]+$/, () => import("@/app/v1/jobs/bulk/[id]/route")],
  [/^\/v1\/jobs\/[^/]+$/, () => import("@/app/v1/jobs/[id]/route")],
  [/^\/v1\/monitors$/, () => import("@/app/v1/monitors/route")],
  [/^\/v1\/monitors\/[^/]+$/, () => import("@/app/v1/monitors/[id]/route")],
  [/^\/v1\/monitors\/[^/]+\/run$/, () => import("@/app/v1/monitors/[id]/run/route")],
  [/^\/v1\/monitors\/[^/]+\/runs$/, () => import("@/app/v1/monitors/[id]/runs/route")],
  [/^\/v1\/map$/, () => import("@/app/v1/map/route")],
  [/^\/v1\/crawl$/, () => import("@/app/v1/crawl/route")],
  [/^\/v1\/crawl\/[^/]+$/, () => import("@/app/v1/crawl/[id]/route")],
  [/^\/v1\/sessions$/, () => import("@/app/v1/sessions/route")],
  [/^\/v1\/sessions\/[^/]+$/, () => import("@/app/v1/sessions/[id]/route")],
  [/^\/v1\/files\/([^/]+)$/, () => import("@/app/v1/files/[file]/route"), "file"],
  [/^\/v1\/openapi\.json$/, () => import("@/app/v1/openapi.json/route")],
];

async function handle(req: http.IncomingMessage, res: http.ServerResponse, origin: string): Promise<void> {
  const url = new URL(req.url ?? "/", origin);
  const route = ROUTES.find(([pattern]) => pattern.test(url.pathname));
  const mod: RouteModule = route ? await route[1]() : await import("@/app/v1/[...path]/route");
  const handler = mod[req.method ?? "GET"] as Handler | undefined;
  if (typeof handler !== "function") return void res.writeHead(405).end();
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
  const request = new Request(url, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
  const params: Record<string, string> = {};
  if (route?.[2]) params[route[2]] = decodeURIComponent(route[0].exec(url.pathname)![1]!);
  const response = await handler(request, { params: Promise.resolve(params) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(req.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
}

interface SdkServer {
  /** Where the API answers: the SDKs' baseUrl. */
  origin: string;
  fx: FixtureServer;
  receiver: Receiver;
  testEnv: TestEnv;
  /** Business plan, its webhook URL set to the receiver. */
  account: TestAccount;
  /** The account's webhook signing secret (whsec_…). */
  webhookSecret: string;
  /** Free plan: OG is refused with 403. */
  free: TestAccount;
  /** A real forward proxy on loopback with credentials, allowed like the fixture pages (D41). */
  proxy: ForwardProxy;
}

/**
 * Registers the file's server (at the top of the file): a hook that starts the receiver, the
 * fixture pages and the HTTP server, the environment (whose APP_URL is that server), a hook that
 * starts the monitoring and the dispatcher and makes the accounts; after the tests, they and the
 * servers stop before the environment's clean-up.
 */
export function sdkServer(): SdkServer {
  let receiver: Receiver | undefined;
  let fx: FixtureServer | undefined;
  let proxy: ForwardProxy | undefined;
  let server: http.Server | undefined;
  let origin = "";
  let accounts: Pick<SdkServer, "account" | "webhookSecret" | "free"> | undefined;
  beforeAll(async () => {
    receiver = await startReceiver();
    fx = await startFixtureServer();
    proxy = await startHttpProxy();
    // Only WebSocket upgrades leave the request path, as on the edge (Java's client asks for h2c).
    server = http.createServer({ shouldUpgradeCallback: (req) => req.headers.upgrade === "websocket" }, (req, res) => {
      handle(req, res, origin).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
    });
    // Live sessions' WebSocket (/v1/browser), handed over as scripts/server.ts does: the SDKs' connect URLs name this server.
    server.on("upgrade", (req, socket, head) => {
      void import("@/lib/sessions/connect").then(({ handleSessionUpgrade }) => {
        if (!handleSessionUpgrade(req, socket, head)) socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  const env = testEnvironment(() => ({
    extra: {
      APP_URL: origin,
      ALLOW_PRIVATE_ORIGINS: [fx!.origin, receiver!.origin, proxy!.origin].join(","),
      URL_SIGNING_SECRET: "sdk-test-url-signing-secret-0123456789abcdef",
      BROWSER_CONCURRENCY: "1",
      WEBHOOK_POLL_MS: "50",
    },
  }));
  beforeAll(async () => {
    // The job workers with monitors' runs and crawls' pages among their kinds, and the monitors' schedule, as an instance runs them.
    const { startMonitoring } = await import("@/lib/monitors/start");
    const { CRAWL_PAGE } = await import("@/lib/jobs/store");
    const { crawlPageKind } = await import("@/lib/crawl/run");
    await startMonitoring({ [CRAWL_PAGE]: crawlPageKind });
    const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
    startWebhookDispatcher();
    const account = await createTestAccount({ plan: "business" });
    const free = await createTestAccount({ plan: "free" });
    const settings = await import("@/lib/webhooks/settings");
    await settings.setDefaultWebhookUrl(account.userId, `${receiver!.origin}/hooks`);
    const { secret: webhookSecret } = await settings.webhookSettings(account.userId);
    accounts = { account, webhookSecret, free };
  });
  afterAll(async () => {
    const { stopMonitoring } = await import("@/lib/monitors/start");
    await stopMonitoring();
    const { endLiveSessions } = await import("@/lib/sessions/connect");
    await endLiveSessions();
    const { shutdownBrowsers } = await import("@/lib/browser");
    await shutdownBrowsers();
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    }
    await receiver?.close();
    await fx?.close();
    await proxy?.close();
  });

  return {
    get origin() {
      return madeInBeforeAll(origin || undefined, "the API's server");
    },
    get fx() {
      return madeInBeforeAll(fx, "the fixture server");
    },
    get receiver() {
      return madeInBeforeAll(receiver, "the webhook receiver");
    },
    get testEnv() {
      return env.current;
    },
    get account() {
      return madeInBeforeAll(accounts, "the accounts").account;
    },
    get webhookSecret() {
      return madeInBeforeAll(accounts, "the accounts").webhookSecret;
    },
    get free() {
      return madeInBeforeAll(accounts, "the accounts").free;
    },
    get proxy() {
      return madeInBeforeAll(proxy, "the forward proxy");
    },
  };
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== 0x89504e47) throw new Error("not a PNG");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
