/**
 * Remote mode (D12): BROWSER_WS_ENDPOINT pointing at a Chromium that this test starts on its own
 * with --remote-debugging-port on loopback and no flags of ours (each render's context gets the
 * in-process guard as its proxy, D16), next to an endpoint that refuses connections.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { freePort, type RemoteBrowser, startPlainChromium } from "@/tests/support/remote-browsers";
import { decode, expectOk, screenshotHarness } from "@/tests/support/screenshot-harness";

const REMOTE_AGENT = "GlanceRemoteFixture/1.0 (remote Chromium under test)";
const startRemoteChromium = (port: number) => startPlainChromium(port, [`--user-agent=${REMOTE_AGENT}`]);

let remote: RemoteBrowser;
let refusing: string;

beforeAll(async () => {
  remote = await startRemoteChromium(await freePort());
  refusing = `ws://127.0.0.1:${await freePort()}/devtools/browser/nothing-listens-here`;
});
// Registered before the harness, so the browser stops after it, as before.
afterAll(async () => remote?.stop());
const h = screenshotHarness(() => ({
  env: { extra: { BROWSER_WS_ENDPOINT: `${refusing},http://127.0.0.1:${remote.port}` } },
}));

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

  it("answers 502 when every endpoint refuses, without waiting out the connect timeout, and reconnects once one is back", async () => {
    const port = remote.port;
    await remote.stop();
    // A 5-s render budget against the 20-s connect timeout: waiting on a refused endpoint would be a 504.
    const problem = await problemOf(await h.shoot({ url: "basic.html?remote=down", timeout: 5_000 }));
    expect(problem).toMatchObject({ status: 502, code: "renderer_unavailable" });

    remote = await startRemoteChromium(port);
    const image = await decode(
      await expectOk(await h.shoot({ url: "basic.html?remote=back", width: 200, height: 100 })),
    );
    expect([image.width, image.height]).toEqual([200, 100]);
  });
});
