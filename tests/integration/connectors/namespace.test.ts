/**
 * The connector in a network of its own (D42, issue 46 (g)): the private site and the connector
 * run in a separate network namespace (`unshare --net`, loopback only), reachable from Glance's
 * side only through the connector's one socket (a Unix socket: namespaces share the file system).
 * On Glance's side a decoy listens on the same loopback address and port: a render that reached
 * the URL by any other way than the connector would capture the decoy. Root is needed for
 * unshare, as for the isolated network tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, createTestAccount, problemOf } from "@/tests/support/api";
import { testEnvironment } from "@/tests/support/test-env";
import { accountWithConnector, content } from "./harness";

testEnvironment({ extra: { BROWSER_CONCURRENCY: "2" } });
const socketPath = path.join(mkdtempSync(path.join(os.tmpdir(), "glance-connector-")), "glance.sock");
let glance: http.Server;
let child: ChildProcess | undefined;
let decoy: http.Server | undefined;
const decoyHits: string[] = [];
let origin: string;
let owner: Awaited<ReturnType<typeof accountWithConnector>>;

beforeAll(async () => {
  const { installConnectorEndpoint } = await import("@/lib/connectors/endpoint");
  installConnectorEndpoint();
  const { publishedUpgradeHandler } = await import("@/lib/sessions/upgrade-hook");
  glance = http.createServer((_req, res) => res.writeHead(404).end());
  glance.on("upgrade", (req, socket, head) => {
    if (!publishedUpgradeHandler()?.(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => glance.listen(socketPath, resolve));
  owner = await accountWithConnector("private network");
  child = spawn(
    "unshare",
    [
      "--net",
      "--",
      process.execPath,
      "--import",
      "tsx",
      path.resolve("tests/integration/connectors/private-network-child.ts"),
      socketPath,
      owner.token,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  origin = await new Promise<string>((resolve, reject) => {
    child!.stdout!.once("data", (data: Buffer) => resolve(data.toString().trim()));
    child!.once("exit", (code) => reject(new Error(`the private network exited (${code})`)));
  });
  // The same address and port on Glance's side: what any other way to the URL would reach.
  decoy = http.createServer((req, res) => {
    decoyHits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html" }).end("<h1>DECOY on Glance's own loopback</h1>");
  });
  await new Promise<void>((resolve) => decoy!.listen(Number(new URL(origin).port), "127.0.0.1", resolve));
}, 60_000);
afterAll(async () => {
  child?.kill("SIGTERM");
  const { stopConnectors } = await import("@/lib/connectors/endpoint");
  await stopConnectors();
  glance?.close();
  decoy?.closeAllConnections();
  decoy?.close();
  const { shutdownBrowsers } = await import("@/lib/browser");
  await shutdownBrowsers();
});

describe("a connector in its own network namespace", () => {
  it("the control: Glance's own loopback at that address is the decoy, which the guard refuses", async () => {
    const response = await new Promise<string>((resolve) =>
      http.get(`${origin}/`, (res) => res.setEncoding("utf8").on("data", resolve)),
    );
    expect(response).toContain("DECOY");
    decoyHits.length = 0;
  });

  it("captures the private site through the connector only", async () => {
    const response = await content(owner, `${origin}/`);
    expect(response.status, await response.clone().text()).toBe(200);
    const { markdown } = (await response.json()) as { markdown: string };
    expect(markdown).toContain("Only inside the private network");
    expect(markdown).not.toContain("DECOY");
    expect(decoyHits).toEqual([]);
  });

  it("a second account naming the URL is refused, and reaches neither side", async () => {
    const stranger = await createTestAccount({ plan: "business" });
    const { GET } = await import("@/app/v1/screenshot/route");
    const response = await GET(
      apiRequest(`/v1/screenshot?url=${encodeURIComponent(`${origin}/`)}`, { apiKey: stranger.apiKey }),
    );
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("private_address");
    expect(decoyHits).toEqual([]);
  });
});
