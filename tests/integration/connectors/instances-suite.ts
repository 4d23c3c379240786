/**
 * Several instances (D42, issue 46 (d)): the connector's socket lands on another instance (a
 * process of its own on the same PostgreSQL and Redis); a render on this one reaches it through
 * Redis pub/sub — on REDIS_URL (instances.test.ts) or on Upstash's streamed subscriptions
 * (instances-upstash.test.ts). When that instance dies, the next render answers connector_offline
 * at once (no instance acknowledges), and the connector, reconnecting, lands on this instance and serves.
 */
import { type ChildProcess, fork } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connector as ConnectorType } from "@/lib/connectors/client";
import { problemOf } from "@/tests/support/api";
import { accountWithConnector, connectorHarness, content } from "./harness";

export function describeInstances(store: "redis" | "upstash"): void {
  const h = connectorHarness({ store });
  let site: http.Server;
  let origin: string;
  let child: ChildProcess | undefined;
  let childServer: string;

  beforeAll(async () => {
    site = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<h1>Held elsewhere</h1>"),
    );
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    child = fork(path.resolve("tests/integration/connectors/holder-child.ts"), [], {
      execArgv: ["--conditions=react-server", "--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    childServer = await new Promise<string>((resolve, reject) => {
      child!.once("message", (m: { server: string }) => resolve(m.server));
      child!.once("exit", (code) => reject(new Error(`the other instance exited (${code})`)));
    });
  }, 60_000);
  afterAll(async () => {
    child?.kill("SIGKILL");
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  describe(`a connector held by another instance (${store})`, () => {
    it("serves renders here through Redis, and after that instance dies, reconnects here", async () => {
      const account = await accountWithConnector("relayed");
      const { Connector } = await import("@/lib/connectors/client");
      // The program is pointed at the other instance first, then (its reconnect) at this one, as a
      // load balancer would send it after the first died.
      let target = childServer;
      const connector: ConnectorType = new Connector({
        server: childServer,
        token: account.token,
        expose: [origin],
        minBackoffMs: 100,
        maxBackoffMs: 200,
        log: () => {},
      });
      Object.defineProperty(connector, "options", {
        get: () => ({ server: target, token: account.token, expose: [origin], minBackoffMs: 100, maxBackoffMs: 200 }),
      });
      connector.start();
      try {
        for (let i = 0; i < 100 && !connector.connectorId; i++) await new Promise((r) => setTimeout(r, 50));
        const { hub } = await import("@/lib/connectors/hub");
        expect(hub().live.size).toBe(0); // not held here
        // The other instance told this one's cache of the origins (Redis), not its 5 s refresh.
        for (let i = 0; i < 40 && !hub().declared.get(account.userId)?.has(origin); i++)
          await new Promise((r) => setTimeout(r, 25));
        expect(hub().declared.get(account.userId)?.has(origin)).toBe(true);
        const response = await content(account, `${origin}/`);
        expect(response.status, await response.clone().text()).toBe(200);
        expect(await response.text()).toContain("Held elsewhere");
        if (store === "upstash") {
          // Through Upstash's protocol: the request published over REST to the holder's streamed pattern.
          const sent = h.upstash!.commands.filter(
            ([name, channel]) => /^p?(publish|subscribe)$/i.test(name) && channel,
          );
          expect(sent.some(([name, channel]) => /^publish$/i.test(name) && channel.includes(":connector:to:"))).toBe(
            true,
          );
          expect(sent.some(([name, channel]) => name === "psubscribe" && channel.endsWith(":connector:to:*"))).toBe(
            true,
          );
        }

        target = h.server;
        child!.kill("SIGKILL");
        // Until it reconnects, the row still says online: no instance acknowledges, so the answer
        // is quick, and names the connector.
        for (let i = 0; i < 100 && !hub().live.has(account.connectorId); i++)
          await new Promise((r) => setTimeout(r, 50));
        expect(hub().live.has(account.connectorId)).toBe(true);
        const again = await content(account, `${origin}/`);
        expect(again.status, await again.clone().text()).toBe(200);
      } finally {
        connector.stop();
      }
    });

    it("a connector whose instance died (its row still online) answers 502 within seconds, naming it", async () => {
      const account = await accountWithConnector("orphaned");
      // The row as a dead instance leaves it: connected and heard from, but no socket anywhere.
      const { recordConnectorSeen } = await import("@/lib/keys/connectors");
      await recordConnectorSeen(account.connectorId, { connected: true, exposedOrigins: [origin], version: "1.0.0" });
      const { hub } = await import("@/lib/connectors/hub");
      hub().declared.set(account.userId, new Set([origin]));
      const started = Date.now();
      const response = await content(account, `${origin}/`);
      expect(response.status).toBe(502);
      expect((await problemOf(response)).detail).toContain('"orphaned"');
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });
}
