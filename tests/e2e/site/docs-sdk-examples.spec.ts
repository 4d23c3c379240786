/**
 * Issue 33: every curl example of the API on the docs pages shows the SDKs beside it (D29) — the
 * same tabs as the playground's, with "SDK: TypeScript" and "SDK: Python" whose code uses the
 * SDK. Found on the rendered pages, so an example added as a plain code block fails here. The one
 * curl that is not an API request (the MCP page's JSON-RPC by hand) is named below, with why.
 */
import { expect, type Locator, test } from "@playwright/test";
import { DOCS_PAGES } from "@/components/site/links";

/**
 * curl examples that are no request of the SDKs, by page. /docs/mcp: JSON-RPC to /mcp, the Model
 * Context Protocol an agent's MCP client speaks; the SDKs call the /v1 API. /docs/metrics: an
 * operator's scrape of /metrics with the server's METRICS_TOKEN (D40), no API request.
 */
const NOT_SDK_REQUESTS: Record<string, number> = { "/docs/mcp": 1, "/docs/metrics": 1 };

const SDK_TABS: Array<[string, RegExp]> = [
  ["SDK: TypeScript", /import \{ Glance \} from "glance-sdk";[\s\S]*await glance\.\w/],
  ["SDK: Python", /from glance import Glance[\s\S]*\bglance\.\w/],
];

/** The tab row of the tabs a code block is shown in, or none. */
const tabsOf = (block: Locator) => block.locator("xpath=ancestor::*[@role='tabpanel'][1]/..").getByRole("tab");

test("every curl example on every docs page has SDK: TypeScript and SDK: Python tabs beside it", async ({ page }) => {
  test.setTimeout(DOCS_PAGES.length * 20_000);
  let checked = 0;
  for (const { href } of DOCS_PAGES) {
    await page.goto(href);
    await page.waitForLoadState("networkidle");
    let notSdk = 0;
    // Choosing a tab can switch every example of the page: each block is found again by its place.
    const count = await page.locator("pre").count();
    for (let i = 0; i < count; i++) {
      const block = page.locator("pre").nth(i);
      const text = (await block.textContent()) ?? "";
      if (!/^\s*curl\s/m.test(text)) continue;
      if (!text.includes("/v1/")) {
        notSdk++;
        continue;
      }
      const where = `${href}: ${text.trim().split("\n")[0]}`;
      const tabs = tabsOf(block);
      for (const [name, shows] of SDK_TABS) {
        await expect(tabs.filter({ hasText: name }), where).toHaveCount(1);
        await tabs.filter({ hasText: name }).click();
        await expect(block, `${where} (${name})`).toHaveText(shows);
      }
      await tabs.filter({ hasText: "cURL" }).click();
      await expect(block).toHaveText(/^\s*curl\s/);
      checked++;
    }
    expect(notSdk, `${href}: curl examples that are no SDK request`).toBe(NOT_SDK_REQUESTS[href] ?? 0);
  }
  // The guides' and references' examples (about twenty) and the playgrounds' code samples.
  expect(checked).toBeGreaterThanOrEqual(20);
});

test("the language chosen in one example is shown by every example of the page", async ({ page }) => {
  await page.goto("/docs/monitors");
  const examples = page.locator("[data-api-example]");
  expect(await examples.count()).toBeGreaterThanOrEqual(4);
  await examples.first().getByRole("tab", { name: "SDK: Python" }).click();
  for (const example of await examples.all()) {
    await expect(example.getByRole("tab", { name: "SDK: Python" })).toHaveAttribute("aria-selected", "true");
    await expect(example.locator("pre")).toContainText("from glance import Glance");
  }
});
