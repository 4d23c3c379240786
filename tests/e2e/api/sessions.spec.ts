/**
 * Live browser sessions through the production server (D39, issue 45): the WebSocket upgrade is
 * taken by scripts/server.ts and handed to the handler the app published at start-up, so this is
 * the one place where the bundle that holds the browsers and the server that holds the socket
 * meet. puppeteer-core with the key in a header, Playwright through POST /v1/sessions's connect
 * URL; the guard refuses a loopback address that is not the allowed fixture origin; one session
 * never sees another's pages.
 */
import { chromium, expect, test } from "@playwright/test";
import puppeteer from "puppeteer-core";
import { e2e } from "../support";
import { accountWithKey } from "./mcp-support";

const endpoint = `${e2e.appUrl.replace(/^http/, "ws")}/v1/browser`;
const form = `${e2e.fixturesUrl}/shared/sessions/form.html`;

test.describe.configure({ mode: "serial" });

test("puppeteer-core drives a page, and the guard refuses a loopback address", async () => {
  const { apiKey } = await accountWithKey("business");
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, headers: { "X-API-Key": apiKey } });
  const other = await puppeteer.connect({ browserWSEndpoint: endpoint, headers: { "X-API-Key": apiKey } });
  try {
    const page = await browser.newPage();
    await page.goto(form);
    await page.type("#name", "Ada");
    await page.click("#go");
    await page.waitForFunction(() => document.querySelector("#out")?.textContent === "Hello Ada");
    expect((await page.screenshot()).subarray(1, 4).toString()).toBe("PNG");
    expect(other.targets().map((t) => t.url())).not.toContain(form);
    // The app itself listens on loopback and is not an allowed origin: the guard stands between.
    const refused = await page.goto(`${e2e.appUrl}/`).catch((error: Error) => error);
    if (refused instanceof Error) expect(refused.message).toMatch(/ERR_/);
    else expect(refused?.headers()["x-glance-guard"]).toBe("refused");
  } finally {
    await Promise.all([browser.close(), other.close()]);
  }
});

test("Playwright connects over CDP with the connect URL of POST /v1/sessions", async () => {
  const { apiKey } = await accountWithKey("business");
  const created = await fetch(`${e2e.appUrl}/v1/sessions`, { method: "POST", headers: { "X-API-Key": apiKey } });
  expect(created.status).toBe(201);
  const { id, connectUrl } = (await created.json()) as { id: string; connectUrl: string };
  const browser = await chromium.connectOverCDP(connectUrl);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(form);
    await page.fill("#name", "Grace");
    await page.click("#go");
    await expect(page.locator("#out")).toHaveText("Hello Grace");
    expect(await page.evaluate(() => document.title)).toBe("Sign in");
    const live = await fetch(`${e2e.appUrl}/v1/sessions/${id}`, { headers: { "X-API-Key": apiKey } });
    expect(await live.json()).toMatchObject({ id, status: "live" });
  } finally {
    await browser.close();
  }
});
