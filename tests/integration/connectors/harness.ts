/**
 * Connectors' test set-up (D42): the file's environment (no ALLOW_PRIVATE_ORIGINS: the private
 * site is refused like any loopback address unless a connector serves it), a private site and a
 * second, undeclared one on loopback, an HTTP server that hands upgrades to lib/connectors as
 * scripts/server.ts does, the guard's routes published, and accounts with connector tokens.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { apiRequest, createTestAccount, type TestAccount } from "@/tests/support/api";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

export interface PrivateSite {
  origin: string;
  /** Paths asked for, in order. */
  hits: string[];
  close(): Promise<void>;
}

/** A small site: / (a page with a stylesheet, an image from `other`, a marker), /moved (302 to /), /slow. */
export async function privateSite(marker: string, other?: () => string): Promise<PrivateSite> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/style.css")
      return res.writeHead(200, { "content-type": "text/css" }).end("h1 { color: rgb(1, 2, 3) }");
    if (req.url === "/moved") return res.writeHead(302, { location: "/" }).end();
    if (req.url === "/away") return res.writeHead(302, { location: `${other?.() ?? ""}/` }).end();
    if (req.url === "/pixel.png") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(8));
    if (req.url !== "/") return res.writeHead(404).end("not found");
    const image = other ? `<img src="${other()}/pixel.png" alt="">` : "";
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html><head><title>${marker}</title><link rel="stylesheet" href="/style.css"></head><body><h1>${marker}</h1>${image}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** `upstash`: no REDIS_URL, Upstash's REST protocol through the stand-in in front of the real Redis. */
export function connectorHarness(options: { store?: "files" | "redis" | "upstash" } = {}) {
  let server: http.Server | undefined;
  let bridge: UpstashBridge | undefined;
  if (options.store === "upstash") {
    // Before the environment's hooks: it names the bridge; closed after them.
    beforeAll(async () => void (bridge = await startUpstashBridge()));
    afterAll(async () => bridge?.close());
  }
  testEnvironment(() => ({
    store: options.store === "redis" ? "redis" : "files",
    extra: {
      BROWSER_CONCURRENCY: "2",
      ...(bridge && { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token }),
    },
  }));
  beforeAll(async () => {
    const { installConnectorEndpoint } = await import("@/lib/connectors/endpoint");
    installConnectorEndpoint();
    const { publishedUpgradeHandler } = await import("@/lib/sessions/upgrade-hook");
    server = http.createServer((_req, res) => res.writeHead(404).end());
    server.on("upgrade", (req, socket, head) => {
      if (!publishedUpgradeHandler()?.(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    const { stopConnectors } = await import("@/lib/connectors/endpoint");
    await stopConnectors();
    // The relay leaves the process's pub/sub open (the browsing relay shares it): the file closes it.
    await (await import("@/lib/redis/pubsub")).closePubSub();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    const { shutdownBrowsers } = await import("@/lib/browser");
    await shutdownBrowsers();
  });
  return {
    /** The Upstash stand-in, with `store: "upstash"`. */
    get upstash() {
      return bridge;
    },
    get server() {
      return `http://127.0.0.1:${(madeInBeforeAll(server, "the server").address() as AddressInfo).port}`;
    },
  };
}

/** An account and a connector token of its workspace. */
export async function accountWithConnector(
  name: string,
): Promise<TestAccount & { token: string; connectorId: string }> {
  const account = await createTestAccount({ plan: "business" });
  const { createConnector } = await import("@/lib/keys/connectors");
  const { token, connector } = await createConnector(account.userId, name);
  return { ...account, token, connectorId: connector.id };
}

/** GET /v1/content for `url` (Markdown in JSON), in-process. */
export async function content(
  account: TestAccount,
  url: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const { GET } = await import("@/app/v1/content/route");
  const query = new URLSearchParams({ url, formats: "markdown", fresh: "true", ...extra });
  return GET(apiRequest(`/v1/content?${query}`, { apiKey: account.apiKey }));
}

/** GET /v1/screenshot for `url` (png), in-process. */
export async function screenshot(account: TestAccount, url: string): Promise<Response> {
  const { GET } = await import("@/app/v1/screenshot/route");
  const query = new URLSearchParams({ url, fresh: "true" });
  return GET(apiRequest(`/v1/screenshot?${query}`, { apiKey: account.apiKey }));
}
