/**
 * A guard that asks for its token (NET_GUARD_TOKEN, as for remote fleets, D16): a session's pages
 * answer the challenge as a render's do, the client never holding the token (D39). Without the
 * answer every request of the page would end at the guard's 407.
 */
import puppeteer from "puppeteer-core";
import { expect, it } from "vitest";
import { sessionHarness } from "./harness";

const h = sessionHarness({ NET_GUARD_TOKEN: "guard-token-for-this-file" });

it("pages of a session get past a guard that asks for its token; the token never reaches the client", async () => {
  const browser = await puppeteer.connect({
    browserWSEndpoint: h.endpoint,
    headers: { "X-API-Key": h.account.apiKey },
  });
  try {
    const page = await browser.newPage();
    const seen: string[] = [];
    const cdp = await page.createCDPSession();
    cdp.on("Fetch.authRequired", (event) => seen.push(JSON.stringify(event)));
    const response = await page.goto(h.fx.url("form.html"));
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("Sign in");
    expect(seen.join()).not.toContain("guard-token-for-this-file");
  } finally {
    await browser.close();
  }
});
