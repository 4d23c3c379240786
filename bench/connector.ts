/**
 * npm run bench:connector — the latency a connector adds to a render (issue 46 (h), D42): one real
 * documentation page that a Debian package ships (the Debian Reference's chapter 3, served on
 * loopback with its stylesheet and images), captured by GET /v1/screenshot (png, fresh) for
 *   (a) a workspace without a connector: the origin allowed (ALLOW_PRIVATE_ORIGINS), every request
 *       through the guard proxy, as a public page would be;
 *   (b) a workspace whose connector (the real program's core, on loopback) serves the origin: every
 *       request through the page's interception, the WebSocket and the connector's fetch.
 * Samples alternate (a, b) after a warm-up; wall-clock time per render. Target: median (b) ≤ 1.3 × (a).
 * `--quick`: a few rounds, printed, not recorded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rerunUnderReactServer } from "./support/react-server";
import { replaceSection } from "./support/results-file";
import { median } from "./support/stats";

const HERE = path.dirname(fileURLToPath(import.meta.url));
rerunUnderReactServer(import.meta.url);

const QUICK = process.argv.includes("--quick");
const ROUNDS = QUICK ? 3 : 15;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const { DEBIAN_PAGES, ensureDebianDocs, serveDebianDocs } = await import("@/tests/support/debian-docs");
  ensureDebianDocs(["debian-reference-en"]);
  const docs = await serveDebianDocs();
  const { useTestEnv } = await import("@/tests/support/env");
  const env = await useTestEnv({
    database: "postgres",
    extra: { ALLOW_PRIVATE_ORIGINS: docs.origin, BROWSER_CONCURRENCY: "1", LOG_LEVEL: "silent" },
  });
  const { createTestAccount, apiRequest } = await import("@/tests/support/api");
  const { GET } = await import("@/app/v1/screenshot/route");
  const { warmUp, shutdownBrowsers, Deadline, quiesce } = await import("@/lib/browser");
  const { installConnectorEndpoint, stopConnectors } = await import("@/lib/connectors/endpoint");
  const { publishedUpgradeHandler } = await import("@/lib/sessions/upgrade-hook");
  const { createConnector } = await import("@/lib/keys/connectors");
  const { Connector } = await import("@/lib/connectors/client");

  installConnectorEndpoint();
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    if (!publishedUpgradeHandler()?.(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const direct = await createTestAccount({ plan: "business" });
  const viaConnector = await createTestAccount({ plan: "business" });
  const { token } = await createConnector(viaConnector.userId, "bench");
  const connector = new Connector({
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    expose: [docs.origin],
    log: () => {},
  }).start();
  for (let i = 0; i < 100 && !connector.connectorId; i++) await pause(50);
  if (!connector.connectorId) throw new Error("the connector did not connect");

  const url = docs.url(DEBIAN_PAGES.debianReferenceInit);
  const shot = async (account: { apiKey: string }) => {
    const started = performance.now();
    const query = new URLSearchParams({ url, fresh: "true", timeout: "60000" });
    const response = await GET(apiRequest(`/v1/screenshot?${query}`, { apiKey: account.apiKey }));
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`screenshot answered ${response.status}`);
    return { ms: performance.now() - started, bytes };
  };

  console.log("warming up…");
  await warmUp(new Deadline(60_000), { waitForSpares: true });
  await shot(direct);
  await shot(viaConnector);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [account, into] of [
      [direct, a],
      [viaConnector, b],
    ] as const) {
      await quiesce();
      await pause(300);
      into.push((await shot(account)).ms);
    }
    console.log(`round ${round + 1}: direct ${Math.round(a.at(-1)!)} ms, via connector ${Math.round(b.at(-1)!)} ms`);
  }
  const ratio = median(b) / median(a);
  const table = [
    `Page: the Debian Reference, chapter 3 (\`debian-reference-en\`, ${url.slice(docs.origin.length)}), GET /v1/screenshot png, fresh, ${ROUNDS} alternating samples each after a warm-up; one local Chromium, BROWSER_CONCURRENCY=1, connector on loopback.`,
    "",
    "| Path | Median ms | Min ms | Max ms |",
    "|---|---:|---:|---:|",
    `| (a) direct (guard proxy) | ${Math.round(median(a))} | ${Math.round(Math.min(...a))} | ${Math.round(Math.max(...a))} |`,
    `| (b) through a connector | ${Math.round(median(b))} | ${Math.round(Math.min(...b))} | ${Math.round(Math.max(...b))} |`,
    "",
    `Ratio of medians (b)/(a): **${ratio.toFixed(2)}** (target ≤ 1.3). Measured ${new Date().toISOString().slice(0, 10)}.`,
  ].join("\n");
  console.log(table);
  if (!QUICK)
    await replaceSection(path.join(HERE, "RESULTS.md"), "connector", table, "Connector latency (issue 46, D42)");
  connector.stop();
  await stopConnectors();
  server.closeAllConnections();
  server.close();
  await shutdownBrowsers();
  await docs.close();
  await env.cleanup();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
