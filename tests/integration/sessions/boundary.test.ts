/**
 * The boundary of a live session holds whatever the client sends (D39, issue 45 point 2): each
 * escape below is a raw CDP command an unmodified puppeteer client can send, and each is refused
 * (or rewritten) before it reaches the shared browser; the guard proxy refuses what the filter
 * lets through to the network.
 */
import puppeteer, { type Browser, type CDPSession, type Connection, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionHarness } from "./harness";

const h = sessionHarness();

let browser: Browser;
let page: Page;
let cdp: CDPSession;
/** The client's top-level connection: what it believes is the whole browser. */
let top: Connection;

type Send = (method: string, params?: object) => Promise<unknown>;
const onPage: Send = (method, params) => (cdp.send as unknown as Send)(method, params);
const onBrowser: Send = (method, params) => (top.send as unknown as Send)(method, params);

beforeAll(async () => {
  browser = await puppeteer.connect({ browserWSEndpoint: h.endpoint, headers: { "X-API-Key": h.account.apiKey } });
  page = await browser.newPage();
  await page.goto(h.fx.url("form.html"));
  cdp = await page.createCDPSession();
  top = cdp.connection()!;
});
afterAll(async () => {
  await browser?.close();
});

describe("the network boundary", () => {
  it("a loopback address that is not the allowed fixture origin is refused by the guard", async () => {
    const before = h.fx.hitsFor("/form.html");
    const response = await page.goto(`${h.forbiddenOrigin}/form.html`).catch((error: Error) => error);
    // Refused by the guard proxy: its 403 page (plain http) or a failed navigation, never the page.
    if (response instanceof Error) expect(response.message).toMatch(/ERR_/);
    else expect(response?.headers()["x-glance-guard"]).toBe("refused");
    expect(await page.title()).not.toBe("Sign in");
    await page.goto(h.fx.url("form.html"));
    expect(h.fx.hitsFor("/form.html")).toBe(before + 1);
  });

  it("a context with its own proxyServer is refused", async () => {
    await expect(browser.createBrowserContext({ proxyServer: "http://127.0.0.1:9" })).rejects.toThrow(/proxyServer/);
  });

  it("Fetch.continueRequest / fulfillRequest toward a refused address are refused", async () => {
    const paused = new Promise<{ requestId: string }>((resolve) => cdp.once("Fetch.requestPaused", resolve));
    await onPage("Fetch.enable", { patterns: [{ urlPattern: "*form.html?fetch*" }] });
    const navigation = page.goto(h.fx.url("form.html?fetch"));
    const { requestId } = await paused;
    await expect(onPage("Fetch.continueRequest", { requestId, url: `${h.forbiddenOrigin}/x` })).rejects.toThrow(
      /refused address/,
    );
    await expect(
      onPage("Fetch.fulfillRequest", {
        requestId,
        responseCode: 302,
        responseHeaders: [{ name: "Location", value: "http://169.254.169.254/latest/meta-data/" }],
      }),
    ).rejects.toThrow(/refused address/);
    await onPage("Fetch.continueRequest", { requestId });
    await navigation;
    await onPage("Fetch.disable");
  });
});

describe("commands that reach beyond the session", () => {
  it.each([
    "file:///etc/passwd",
    "chrome://version",
    "devtools://devtools/bundled/inspector.html",
    "view-source:https://example.com",
  ])("Page.navigate to %s is refused", async (url) => {
    await expect(onPage("Page.navigate", { url })).rejects.toThrow(/not allowed/);
    await expect(onBrowser("Target.createTarget", { url })).rejects.toThrow(/not allowed/);
  });

  it.each([
    ["Target.exposeDevToolsProtocol", { targetId: "x" }],
    ["Network.setBypassServiceWorker", { bypass: true }],
    ["Page.setDownloadBehavior", { behavior: "allow", downloadPath: "/tmp" }],
    ["DOM.setFileInputFiles", { files: ["/etc/passwd"], nodeId: 1 }],
    ["Tracing.start", {}],
    ["Network.loadNetworkResource", { url: "file:///etc/passwd", options: {} }],
  ])("%s is refused on a page's session", async (method, params) => {
    await expect(onPage(method, params)).rejects.toThrow(/not available/);
  });

  it.each([
    ["Browser.crash", {}],
    ["Browser.crashGpuProcess", {}],
    ["Browser.getBrowserCommandLine", {}],
    ["Browser.setWindowBounds", { windowId: 1, bounds: {} }],
    ["SystemInfo.getInfo", {}],
    ["Tracing.start", { transferMode: "ReturnAsStream" }],
    ["Target.attachToBrowserTarget", {}],
    ["Target.sendMessageToTarget", { message: "{}", sessionId: "x" }],
    ["Runtime.evaluate", { expression: "1" }],
  ])("%s is refused on the browser session", async (method, params) => {
    await expect(onBrowser(method, params)).rejects.toThrow(/not available|not found|flatten/);
  });

  it("the browser target itself cannot be attached to", async () => {
    const { targetInfo } = (await onBrowser("Target.getTargetInfo")) as {
      targetInfo: { targetId: string; type: string };
    };
    expect(targetInfo.type).toBe("browser");
    await expect(onBrowser("Target.attachToTarget", { targetId: targetInfo.targetId, flatten: true })).rejects.toThrow(
      /No target/,
    );
  });

  it("downloads and permissions: another context is refused, the session's own is rewritten to deny", async () => {
    const params = { behavior: "allow", downloadPath: "/tmp", browserContextId: "ABCDEF0123456789ABCDEF0123456789" };
    await expect(onBrowser("Browser.setDownloadBehavior", params)).rejects.toThrow(/no such browser context/);
    await expect(
      onBrowser("Browser.grantPermissions", {
        permissions: ["geolocation"],
        browserContextId: params.browserContextId,
      }),
    ).rejects.toThrow(/no such browser context/);
    // Storage on a page's session naming another context: refused as well.
    await expect(onPage("Storage.getCookies", { browserContextId: params.browserContextId })).rejects.toThrow(
      /no such browser context/,
    );
    // Its own (default) context: accepted, and Chromium is told "deny".
    await expect(
      onBrowser("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: "/tmp" }),
    ).resolves.toEqual({});
  });

  it("a session holds at most 8 browser contexts", async () => {
    const made: string[] = [];
    let refusal: unknown;
    for (let i = 0; i < 8 && !refusal; i++) {
      await onBrowser("Target.createBrowserContext").then(
        (answer) => made.push((answer as { browserContextId: string }).browserContextId),
        (error: unknown) => (refusal = error),
      );
    }
    expect(made).toHaveLength(7); // with the default one, eight
    expect(String(refusal)).toMatch(/at most 8 browser contexts/);
    for (const browserContextId of made) await onBrowser("Target.disposeBrowserContext", { browserContextId });
  });

  it("Browser.close ends the session, not the shared browser", async () => {
    const other = await puppeteer.connect({
      browserWSEndpoint: h.endpoint,
      headers: { "X-API-Key": h.account.apiKey },
    });
    const closed = new Promise<void>((resolve) => other.once("disconnected", () => resolve()));
    await other.close();
    await closed;
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
  });
});
