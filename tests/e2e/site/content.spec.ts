/**
 * /v1/content through the production server (D24): the playground on /docs/content renders a
 * page's Markdown (shown rendered and raw) with a visitor's key; the API answers JSON with every
 * format — the palette (colorthief on sharp) and the stored screenshot crossing the build's module
 * boundaries — and the Markdown itself for Accept: text/markdown; pricing shows each format's plan.
 * A real reference page (PostgreSQL's SELECT, DocBook) keeps its main text in valid GFM and
 * shows styled in the playground (issue 51).
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, test } from "@playwright/test";
import { debianDocFile, ensureDebianDocs, RECALL_PAGES } from "../../support/debian-docs";
import { irregularTableRows } from "../../support/gfm-tables";
import { mainTextOf, recallOf } from "../../support/main-text";
import { e2e } from "../support";
import { newUserKey } from "./helpers";

const styleOf = (locator: Locator, property: string) =>
  locator.evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

test.describe("content", () => {
  test("the playground renders a page's Markdown, rendered and raw, from the request it shows", async ({
    browser,
    page,
  }) => {
    const key = await newUserKey(browser, "free");
    await page.goto("/docs/content");
    const playground = page.getByTestId("playground-content");
    await playground.getByTestId("playground-api-key").fill(key);
    await playground.locator("[data-param=url]").fill(`${e2e.fixturesUrl}/`);
    await playground.locator("[data-value=links] input, input[data-value=links]").first().check();
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/v1/content");
    await playground.getByTestId("render").click();
    const request = await sent;
    expect(new URL(request.url()).searchParams.get("formats")).toBe("markdown,links");
    const rendered = playground.getByTestId("markdown-rendered");
    await expect(rendered.getByRole("heading", { level: 1 })).toHaveText("Hello from the fixture server", {
      timeout: 45_000,
    });
    await playground.getByRole("tab", { name: "Markdown, raw" }).click();
    await expect(playground.getByTestId("markdown-raw")).toHaveText(
      "# Hello from the fixture server\n\nA static page the end-to-end tests render through the API.",
    );
    await expect(playground.getByTestId("response-status")).toHaveText("200");
  });

  test("the API answers every format from one render, and the Markdown itself when asked", async ({ browser }) => {
    const key = await newUserKey(browser, "starter");
    const url = `${e2e.appUrl}/v1/content?url=${encodeURIComponent(`${e2e.fixturesUrl}/`)}`;
    const all = await fetch(`${url}&formats=markdown,html,text,links,metadata,screenshot`, {
      headers: { "X-API-Key": key },
    });
    expect(all.status).toBe(200);
    const body = (await all.json()) as {
      markdown: string;
      html: string;
      metadata: { title: string; palette: Array<{ hex: string }> };
      screenshot: { url: string };
      resultUrl: string;
    };
    expect(body.markdown.startsWith("# Hello from the fixture server")).toBe(true);
    expect(body.html).toContain("<main>");
    expect(body.metadata.title).toBe("Glance e2e fixture");
    // The page's background (#eef2ff) is the viewport's first colour, within the quantizer's rounding.
    const first = parseInt(body.metadata.palette[0].hex.slice(1), 16);
    const channels = [first >> 16, (first >> 8) & 255, first & 255];
    [238, 242, 255].forEach((value, i) => expect(Math.abs(channels[i] - value)).toBeLessThanOrEqual(12));
    const shot = await fetch(body.screenshot.url);
    expect(shot.headers.get("content-type")).toBe("image/png");
    const stored = await fetch(body.resultUrl);
    expect(((await stored.json()) as { markdown: string }).markdown).toBe(body.markdown);

    const markdown = await fetch(url, { headers: { "X-API-Key": key, Accept: "text/markdown" } });
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await markdown.text()).toBe(body.markdown);
  });

  test("a real reference page keeps its main text in valid GFM, and the playground shows it styled", async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    ensureDebianDocs(["postgresql-doc-15"]);
    const pagePath = RECALL_PAGES.postgresSelect;
    const target = `${e2e.fixturesUrl}${pagePath}`;
    const key = await newUserKey(browser, "free");
    const response = await fetch(`${e2e.appUrl}/v1/content?url=${encodeURIComponent(target)}`, {
      headers: { "X-API-Key": key, Accept: "text/markdown" },
    });
    expect(response.status).toBe(200);
    const markdown = await response.text();
    const main = mainTextOf(readFileSync(debianDocFile(pagePath)!, "utf8"));
    const { recall, missing } = recallOf(main.text, markdown);
    expect(recall, `words missed most: ${missing.join(" ")}`).toBeGreaterThanOrEqual(0.97);
    expect(markdown).toMatch(/^## Synopsis$/m);
    expect(markdown).toMatch(/^### The Locking Clause$/m);
    expect(irregularTableRows(markdown)).toEqual([]);

    await page.goto("/docs/content");
    const playground = page.getByTestId("playground-content");
    await playground.getByTestId("playground-api-key").fill(key);
    await playground.locator("[data-param=url]").fill(target);
    await playground.getByTestId("render").click();
    const rendered = playground.getByTestId("markdown-rendered");
    const synopsis = rendered.getByRole("heading", { level: 2, name: "Synopsis" });
    await expect(synopsis).toBeVisible({ timeout: 60_000 });
    // Headings stand out from the text, lists are numbered or bulleted, code sits in a dark block.
    const paragraph = rendered.locator("p").first();
    expect(parseFloat(await styleOf(synopsis, "font-size"))).toBeGreaterThan(
      parseFloat(await styleOf(paragraph, "font-size")),
    );
    expect(Number(await styleOf(synopsis, "font-weight"))).toBeGreaterThanOrEqual(600);
    expect(await styleOf(rendered.locator("ol").first(), "list-style-type")).toBe("decimal");
    expect(await styleOf(rendered.locator("ul").first(), "list-style-type")).toBe("disc");
    expect(await styleOf(rendered.locator("pre").first(), "background-color")).not.toBe("rgba(0, 0, 0, 0)");
  });

  test("pricing lists each content format under the plan that allows it", async ({ page }) => {
    await page.goto("/pricing");
    const table = page.getByTestId("plan-comparison");
    await expect(table.getByText("formats=markdown")).toBeVisible();
    await expect(table.getByText("formats=screenshot")).toBeVisible();
  });
});
