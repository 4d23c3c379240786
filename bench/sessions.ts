/**
 * npm run bench:sessions [-- --record] — live browser sessions (D39, issue 45 point 7), one run:
 *
 *  1. CDP round-trip: the same command (`Runtime.evaluate` of `1 + 1` on a page's session) sent
 *     by puppeteer-core over a WebSocket straight to a Chromium's own DevTools endpoint
 *     (`--remote-debugging-port`, how a client drives a Chromium of its own), and through Glance
 *     (`/v1/browser` with the key: the WebSocket, the bridge and its policy, then the shared
 *     browser's pipe). Same Chromium binary, same client code, interleaved rounds; target: median
 *     through Glance ≤ 1.2 × direct.
 *  2. Time to a usable session on a warm browser: from `puppeteer.connect()` until the first
 *     `browser.newPage()` has answered (authentication, the plan's checks, the session's row, its
 *     own browser context), one after the other, each session closed before the next; target
 *     median < 500 ms.
 *
 * The app's upgrade handler on a loopback HTTP server in this process (a fresh database on the
 * local PostgreSQL), the client in a process of its own (bench/support/sessions-client.ts), as a
 * customer's script would be. `--record` writes the figures into bench/RESULTS.md.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rerunUnderReactServer } from "./support/react-server";
import { replaceSection } from "./support/results-file";
import { median } from "./support/stats";

rerunUnderReactServer(import.meta.url);

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, "RESULTS.md");
const CLIENT = path.join(HERE, "support/sessions-client.ts");

const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

async function main() {
  const { useTestEnv } = await import("@/tests/support/env");
  const testEnv = await useTestEnv({ extra: { LOG_LEVEL: process.env.BENCH_LOG ?? "silent" } });
  const { createTestAccount } = await import("@/tests/support/api");
  const { handleSessionUpgrade, endLiveSessions } = await import("@/lib/sessions/connect");
  const { browserSource, shutdownBrowsers, Deadline } = await import("@/lib/browser");
  const account = await createTestAccount({ plan: "business" });
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    if (!handleSessionUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/browser`;

  // Glance's shared browser, warm; the client, in a process of its own, launches its own Chromium
  // from the same binary.
  const shared = await browserSource().acquire(new Deadline(60_000));
  const chrome = shared.process()?.spawnfile ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";
  // Not spawnSync: this process serves the client's sessions meanwhile.
  const client = await promisify(execFile)(process.execPath, ["--import", "tsx", CLIENT], {
    env: { ...process.env, SESSIONS_ENDPOINT: endpoint, SESSIONS_KEY: account.apiKey, SESSIONS_CHROME: chrome },
    timeout: 600_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const {
    direct: directTimes,
    glance: glanceTimes,
    usable,
  } = JSON.parse(client.stdout.trim().split("\n").at(-1)!) as {
    direct: number[];
    glance: number[];
    usable: number[];
  };

  await endLiveSessions();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await shutdownBrowsers();
  await testEnv.cleanup();

  const ratio = median(glanceTimes) / median(directTimes);
  const markdown = [
    `Last run: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, \`npm run bench:sessions\`, on this project's 2-core machine (shared; compare rows of one run).`,
    "",
    "| measure | median | p90 | samples |",
    "|---|---|---|---|",
    `| CDP round-trip, \`Runtime.evaluate\` straight to Chromium's DevTools WebSocket | ${ms(median(directTimes))} | ${ms(p90(directTimes))} | ${directTimes.length} |`,
    `| CDP round-trip, same command through Glance (\`/v1/browser\`) | ${ms(median(glanceTimes))} | ${ms(p90(glanceTimes))} | ${glanceTimes.length} |`,
    `| time to a usable session (connect → first \`newPage()\`), warm browser | ${ms(median(usable))} | ${ms(p90(usable))} | ${usable.length} |`,
    "",
    "| target | value | met |",
    "|---|---|---|",
    `| round-trip through Glance ≤ 1.2 × direct (medians) | ${ratio.toFixed(2)} × | ${ratio <= 1.2 ? "yes" : "**no**"} |`,
    `| usable session < 500 ms (median) | ${ms(median(usable))} | ${median(usable) < 500 ? "yes" : "**no**"} |`,
  ].join("\n");
  process.stdout.write(`${markdown}\n`);
  if (process.argv.includes("--record"))
    await replaceSection(RESULTS, "sessions-bench", markdown, "Live browser sessions (CDP)");
}

// Exits when done: the app's modules it loads (the database pool, the browser's watchers) keep
// timers a server wants and a one-shot bench does not.
await main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
