/**
 * Chromium makes requests of its own at launch (a component update check, sign-in state). With
 * the service's launch flags they fail inside the browser (lib/net BROWSER_OWN_TRAFFIC_SINK): the
 * guard sees nothing from an idle browser, while a render's context still reaches it. The control
 * launches the same browser with a recording proxy as its browser-wide proxy and shows that those
 * requests do exist, so the silence above means something. Loopback only: the recorder answers
 * every request itself and connects nowhere.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Deadline } from "@/lib/browser/deadline";
import { LocalBrowserSource } from "@/lib/browser/local";
import { reloadEnv } from "@/lib/env";
import { contextBoundary } from "@/lib/net/chromium";
import { guardAsBrowserProxyFlags, launchChromium } from "./support/browser";

/** Long enough for the launch-time requests: in the control they come within a few seconds. */
const IDLE_MS = 20_000;

interface Recorder {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** A forward proxy that records each request line and answers it itself: nothing is forwarded. */
async function startRecorder(): Promise<Recorder> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "text/html", connection: "close" }).end("<title>recorded</title>");
  });
  server.on("connect", (req, socket) => {
    // Chromium may reset a tunnel it was refused before the answer is flushed; that is its right,
    // not a failure of the test (an error event with no listener would crash the run).
    socket.on("error", () => {});
    seen.push(`CONNECT ${req.url}`);
    socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let recorder: Recorder;
beforeAll(async () => {
  recorder = await startRecorder();
});
afterAll(async () => {
  await recorder?.close();
});

describe("an idle Chromium", () => {
  it("launched as the service launches it, sends the guard nothing; a render's context still reaches it", async () => {
    // The recorder stands in for this instance's guard: contexts are pointed at NET_GUARD_URL.
    process.env.NET_GUARD_URL = recorder.url;
    reloadEnv();
    const source = new LocalBrowserSource();
    try {
      await source.acquire(new Deadline(60_000));
      recorder.seen.splice(0);
      await sleep(IDLE_MS);
      expect(recorder.seen).toEqual([]);

      const browser: Browser = await source.acquire(new Deadline(60_000));
      const context = await browser.createBrowserContext(await contextBoundary());
      const page = await context.newPage();
      await page.goto("http://render.test/page", { timeout: 30_000 });
      expect(await page.title()).toBe("recorded");
      await context.close();
      expect(recorder.seen).toContain("GET http://render.test/page");
      expect(recorder.seen.every((line) => line.includes("render.test"))).toBe(true);
    } finally {
      await source.close();
      delete process.env.NET_GUARD_URL;
      reloadEnv();
    }
  }, 120_000);

  it("control: with a real proxy as the browser-wide proxy, Chromium's own requests show up", async () => {
    recorder.seen.splice(0);
    const browser = await launchChromium(guardAsBrowserProxyFlags(recorder.url));
    try {
      const until = Date.now() + 45_000;
      while (recorder.seen.length === 0 && Date.now() < until) await sleep(250);
      expect(recorder.seen.length, "Chromium made no request of its own in 45 s").toBeGreaterThan(0);
      expect(recorder.seen.join("\n")).toMatch(/google/);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
