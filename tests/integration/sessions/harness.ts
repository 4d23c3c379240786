/**
 * Live sessions' test set-up (D39): a fixture site on loopback (allowed through
 * ALLOW_PRIVATE_ORIGINS, D9's test hook), the file's environment, an HTTP server that hands
 * upgrades to lib/sessions exactly as scripts/server.ts does, one account, and the one local
 * browser every session of the file shares.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createTestAccount, type TestAccount } from "@/tests/support/api";
import { type FixtureServer, startFixtureServer } from "@/tests/support/fixture-server";
import { madeInBeforeAll, testEnvironment } from "@/tests/support/test-env";

export interface SessionHarness {
  readonly fx: FixtureServer;
  readonly account: TestAccount;
  /** ws://127.0.0.1:<port>/v1/browser */
  readonly endpoint: string;
  /** An origin on loopback that is not allowed: the guard must refuse it. */
  readonly forbiddenOrigin: string;
}

export function sessionHarness(extra: Record<string, string> = {}): SessionHarness {
  let fx: FixtureServer | undefined;
  let forbidden: FixtureServer | undefined;
  let server: http.Server | undefined;
  let account: TestAccount | undefined;
  beforeAll(async () => {
    const dir = path.resolve(import.meta.dirname, "../../fixtures/sessions");
    fx = await startFixtureServer({ dir });
    forbidden = await startFixtureServer({ dir });
  });
  testEnvironment(() => ({ extra: { ALLOW_PRIVATE_ORIGINS: fx!.origin, BROWSER_CONCURRENCY: "2", ...extra } }));
  beforeAll(async () => {
    account = await createTestAccount({ plan: "business" });
    const { handleSessionUpgrade } = await import("@/lib/sessions/connect");
    server = http.createServer((_req, res) => res.writeHead(404).end());
    server.on("upgrade", (req, socket, head) => {
      if (!handleSessionUpgrade(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    const { endLiveSessions } = await import("@/lib/sessions/connect");
    await endLiveSessions();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    const { shutdownBrowsers } = await import("@/lib/browser");
    await shutdownBrowsers();
    await fx?.close();
    await forbidden?.close();
  });
  return {
    get fx() {
      return madeInBeforeAll(fx, "the fixture server");
    },
    get account() {
      return madeInBeforeAll(account, "the account");
    },
    get endpoint() {
      const port = (madeInBeforeAll(server, "the session server").address() as AddressInfo).port;
      return `ws://127.0.0.1:${port}/v1/browser`;
    },
    get forbiddenOrigin() {
      return madeInBeforeAll(forbidden, "the second fixture server").origin;
    },
  };
}

/** An upgrade request by hand: its HTTP answer (status and problem body) when refused. */
export async function rawUpgrade(url: string, apiKey?: string): Promise<{ status: number; problem: unknown }> {
  const { host, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), host.split(":")[0]);
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, body] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), problem: body ? JSON.parse(body) : undefined });
    });
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\n${apiKey ? `X-API-Key: ${apiKey}\r\n` : ""}Connection: Upgrade\r\nUpgrade: websocket\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
  });
}
