/**
 * Live sessions with unmodified clients (D39, issue 45 point 1): puppeteer-core's connect and
 * Playwright's connectOverCDP, with the key in a header, drive a page of the fixture site; two
 * sessions never see each other's targets; closing a connection closes what it made.
 */
import { chromium } from "@playwright/test";
import puppeteer, { type Browser } from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { browserSource, Deadline } from "@/lib/browser";
import { sessionHarness } from "./harness";

const h = sessionHarness();

const connect = (): Promise<Browser> =>
  puppeteer.connect({ browserWSEndpoint: h.endpoint, headers: { "X-API-Key": h.account.apiKey } });

/** Pages of the shared browser, seen from the server's side: whatever every session and render has open. */
async function pagesInBrowser(): Promise<string[]> {
  const browser = await browserSource().acquire(new Deadline(10_000));
  const pages = browser.targets().filter((t) => t.type() === "page");
  return pages.map((t) => t.url());
}

describe("clients connect unchanged", () => {
  it("puppeteer-core: navigate, type, click, evaluate, screenshot", async () => {
    const browser = await connect();
    try {
      const page = await browser.newPage();
      await page.goto(h.fx.url("form.html"));
      await page.type("#name", "Ada");
      await page.click("#go");
      await page.waitForFunction(() => document.querySelector("#out")?.textContent === "Hello Ada");
      expect(await page.evaluate(() => document.title)).toBe("Sign in");
      const png = await page.screenshot();
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect((await browser.version()).length).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });

  it("playwright-core connectOverCDP: navigate, type, click, evaluate, screenshot", async () => {
    const browser = await chromium.connectOverCDP(h.endpoint, { headers: { "X-API-Key": h.account.apiKey } });
    try {
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.goto(h.fx.url("form.html"));
      await page.fill("#name", "Grace");
      await page.click("#go");
      await expect.poll(() => page.textContent("#out")).toBe("Hello Grace");
      expect(await page.evaluate(() => document.title)).toBe("Sign in");
      const png = await page.screenshot();
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      // A context of its own (Target.createBrowserContext): made under the guard by Glance.
      const own = await browser.newContext();
      const second = await own.newPage();
      await second.goto(h.fx.url("form.html"));
      expect(await second.title()).toBe("Sign in");
    } finally {
      await browser.close();
    }
  });
});

describe("isolation", () => {
  it("two sessions cannot see or reach each other's targets", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    try {
      const pageA = await a.newPage();
      await pageA.goto(h.fx.url("form.html?a"));
      const pageB = await b.newPage();
      await pageB.goto(h.fx.url("form.html?b"));
      const urlsSeenByB = b.targets().map((t) => t.url());
      expect(urlsSeenByB).toContain(h.fx.url("form.html?b"));
      expect(urlsSeenByB).not.toContain(h.fx.url("form.html?a"));
      // Target.getTargets through a raw session: only B's own (and the browser target).
      const raw = await pageB.createCDPSession();
      const { targetInfos } = await raw.send("Target.getTargets");
      expect(targetInfos.map((t) => t.url)).not.toContain(h.fx.url("form.html?a"));
      // Attaching to, closing or activating A's page by its id is refused as if it did not exist.
      const idOfA = (pageA.target() as unknown as { _targetId: string })._targetId;
      await expect(raw.send("Target.attachToTarget", { targetId: idOfA, flatten: true })).rejects.toThrow(
        /No target with given id/,
      );
      await expect(raw.send("Target.closeTarget", { targetId: idOfA })).rejects.toThrow(/No target with given id/);
      expect(await pageA.evaluate(() => document.title)).toBe("Sign in");
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("closing the connection closes every page and context it made", async () => {
    const browser = await connect();
    const page = await browser.newPage();
    const marker = h.fx.url("form.html?closing");
    await page.goto(marker);
    expect(await pagesInBrowser()).toContain(marker);
    await browser.disconnect();
    await expect.poll(pagesInBrowser, { timeout: 10_000 }).not.toContain(marker);
  });
});
