/**
 * Remote browsers as an operator runs them, on loopback, for the tests and the fleet benchmark:
 * a plain Chromium started with --remote-debugging-port and, unless asked not to, the one flag
 * the service cannot do without (the WebRTC policy: lib/browser refuses a browser without it;
 * nothing else from us: the boundary must hold whatever else it was launched with, D16), and
 * browserless from npm (@browserless.io/browserless) running Debian's Chromium in a child process.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export interface RemoteBrowser {
  port: number;
  /** What BROWSER_WS_ENDPOINT gets for this browser. */
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const CHROMIUM = "/usr/lib/chromium/chromium";

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Stops a child; one asked politely (SIGTERM) that has not gone after 5 s is killed. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Keeps a page's WebRTC to proxied TCP (README "Remote Chromium fleets", step 3). */
const WEBRTC_POLICY_FLAG = "--webrtc-ip-handling-policy=disable_non_proxied_udp";

/**
 * A Chromium with --remote-debugging-port on 127.0.0.1; `endpoint` is its DevTools HTTP address.
 * `bare`: without the WebRTC policy flag either (a browser the service must refuse).
 */
export async function startPlainChromium(
  port: number,
  extraFlags: string[] = [],
  options: { bare?: boolean } = {},
): Promise<RemoteBrowser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), "glance-remote-chromium-"));
  const webrtc = options.bare ? [] : [WEBRTC_POLICY_FLAG];
  const child = spawn(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-dev-shm-usage",
      `--remote-debugging-port=${port}`,
      "--remote-debugging-address=127.0.0.1",
      `--user-data-dir=${profile}`,
      ...webrtc,
      ...extraFlags,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`remote Chromium did not start: ${seen.slice(-500)}`)), 30_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes("DevTools listening on ws://")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", () => reject(new Error("remote Chromium exited")));
  });
  child.stderr!.resume();
  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      await stopChild(child);
      // Chromium's helpers may still be writing the profile for a moment after it exits.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export interface BrowserlessOptions {
  port: number;
  token: string;
  /** Launch arguments the operator put in the endpoint URL (browserless `launch={"args":[…]}`). */
  launchArgs?: string[];
  /** browserless's session limit per connection in ms (TIMEOUT); 0 = none. */
  timeoutMs?: number;
  concurrent?: number;
}

/** browserless bound to 127.0.0.1, started with tests/support/browserless-child.mjs. */
export async function startBrowserless(options: BrowserlessOptions): Promise<RemoteBrowser> {
  const packageDir = path.dirname(path.dirname(new URL(import.meta.resolve("@browserless.io/browserless")).pathname));
  const browsersDir = await mkdtemp(path.join(os.tmpdir(), "glance-browserless-"));
  const child = fork(path.join(root, "tests/support/browserless-child.mjs"), [], {
    cwd: packageDir, // browserless reads its own package.json from the working directory
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(options.port),
      TOKEN: options.token,
      TIMEOUT: String(options.timeoutMs ?? 0),
      CONCURRENT: String(options.concurrent ?? 10),
      PLAYWRIGHT_BROWSERS_PATH: browsersDir,
      DEBUG: "-*",
    },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let seen = "";
  child.stderr!.on("data", (chunk: Buffer) => (seen = (seen + chunk.toString()).slice(-4000)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browserless did not start: ${seen}`)), 60_000);
    child.once("message", () => {
      clearTimeout(timer);
      resolve();
    });
    child.once("exit", (code) => reject(new Error(`browserless exited (${code}): ${seen}`)));
  });
  const url = new URL(`ws://127.0.0.1:${options.port}/chromium`);
  url.searchParams.set("token", options.token);
  if (options.launchArgs) url.searchParams.set("launch", JSON.stringify({ args: options.launchArgs }));
  return {
    port: options.port,
    endpoint: url.toString(),
    process: child,
    async stop() {
      await stopChild(child, "SIGTERM");
      await rm(browsersDir, { recursive: true, force: true });
    },
  };
}
