/**
 * A recorded session on a remote browser (D39, issue 45 point 3): the recorder uses only CDP
 * (the page's screencast and network events), so a session on browserless (npm, behind
 * BROWSER_WS_ENDPOINT) leaves the same mp4 and network log as one on the local browser
 * (recording.test.ts).
 */
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type RemoteBrowser, startBrowserless } from "@/tests/support/remote-browsers";
import { probeVideo } from "@/tests/support/video";
import { sessionHarness } from "./harness";
import { newestSession, whenStored } from "./recorded";

let remote: RemoteBrowser | undefined;
/** Read by the harness's environment when its beforeAll runs, after browserless has started. */
const extra: Record<string, string> = { SESSION_CHECK_MS: "300" };
beforeAll(async () => {
  remote = await startBrowserless({ port: await freePort(), token: "browserless-recording-token" });
  extra.BROWSER_WS_ENDPOINT = remote.endpoint;
}, 90_000);
const h = sessionHarness(extra);
afterAll(async () => {
  await remote?.stop();
});

describe("a recorded session on browserless", () => {
  it("leaves an mp4 of its page and a network log", async () => {
    const browser = await puppeteer.connect({
      browserWSEndpoint: `${h.endpoint}?record=true`,
      headers: { "X-API-Key": h.account.apiKey },
    });
    const session = await newestSession(h.account.apiKey);
    const page = await browser.newPage();
    expect((await page.goto(h.fx.url("recorded.html")))?.status()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await browser.close();

    const video = await whenStored(session.id, "recording", h.account.apiKey);
    expect(video.headers.get("content-type"), await video.clone().text()).toBe("video/mp4");
    const facts = await probeVideo(Buffer.from(await video.arrayBuffer()), "mp4");
    expect(facts).toMatchObject({ codec: "h264", width: 800, height: 600 });
    expect(facts.duration).toBeGreaterThan(0.5);

    const { browserSource } = await import("@/lib/browser");
    expect(browserSource().kind).toBe("remote");

    const network = await whenStored(session.id, "network", h.account.apiKey);
    const { log } = (await network.json()) as { log: { entries: Array<{ request: { url: string } }> } };
    expect(log.entries.map((entry) => new URL(entry.request.url).pathname)).toContain("/recorded.html");
  }, 60_000);
});
