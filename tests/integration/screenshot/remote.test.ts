/**
 * Remote mode (D12): BROWSER_WS_ENDPOINT pointing at a Chromium that this test starts on its own
 * with --remote-debugging-port on loopback (its traffic routed through the in-process guard, as
 * the README's "Remote Chromium fleets" section asks of an operator), next to an endpoint that refuses connections.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { decode, expectOk, type ScreenshotHarness, startHarness } from "./harness";

const REMOTE_AGENT = "GlanceRemoteFixture/1.0 (remote Chromium under test)";

interface RemoteChromium {
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startRemoteChromium(port: number, guardFlags: string[]): Promise<RemoteChromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), "glance-remote-chromium-"));
  const child = spawn(
    "/usr/lib/chromium/chromium",
    [
      "--headless",
      "--no-sandbox",
      "--disable-dev-shm-usage",
      `--remote-debugging-port=${port}`,
      "--remote-debugging-address=127.0.0.1",
      `--user-data-dir=${profile}`,
      `--user-agent=${REMOTE_AGENT}`,
      ...guardFlags,
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
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

let h: ScreenshotHarness;
let remote: RemoteChromium;
let guardFlags: string[];

beforeAll(async () => {
  const { guardProxy } = await import("@/lib/net/guard-proxy");
  const { chromiumBoundaryFlags } = await import("@/lib/net/chromium");
  guardFlags = chromiumBoundaryFlags((await guardProxy()).url);
  remote = await startRemoteChromium(await freePort(), guardFlags);
  const refusing = `ws://127.0.0.1:${await freePort()}/devtools/browser/nothing-listens-here`;
  h = await startHarness({ env: { extra: { BROWSER_WS_ENDPOINT: `${refusing},http://127.0.0.1:${remote.port}` } } });
});
afterAll(async () => {
  await h?.close();
  await remote?.stop();
});

describe("remote browsers (BROWSER_WS_ENDPOINT)", () => {
  it("renders on the remote Chromium, passing over an endpoint that refuses", async () => {
    const { browserSource } = await import("@/lib/browser");
    for (const url of ["basic.html?remote=1", "basic.html?remote=2"]) {
      const image = await decode(await expectOk(await h.shoot({ url, width: 400, height: 300 })));
      expect([image.width, image.height]).toEqual([400, 300]);
    }
    expect(browserSource().kind).toBe("remote");
    // The page was loaded by the remote browser (its own user agent), not a local one.
    const agents = h.fx.hits.filter((hit) => hit.url.startsWith("/basic.html?remote=")).map((hit) => hit.userAgent);
    expect(agents).toEqual([REMOTE_AGENT, REMOTE_AGENT]);
  });

  it("answers 502 within 2 s when every endpoint refuses, and reconnects once one is back", async () => {
    const port = remote.port;
    await remote.stop();
    const started = Date.now();
    const problem = await problemOf(await h.shoot({ url: "basic.html?remote=down" }));
    expect(problem).toMatchObject({ status: 502, code: "renderer_unavailable" });
    expect(Date.now() - started).toBeLessThan(2000);

    remote = await startRemoteChromium(port, guardFlags);
    const image = await decode(await expectOk(await h.shoot({ url: "basic.html?remote=back", width: 200, height: 100 })));
    expect([image.width, image.height]).toEqual([200, 100]);
  });
});
