/**
 * /v1/content through the production server (D24): the playground on /docs/content renders a
 * page's Markdown (shown rendered and raw) with a visitor's key; the API answers JSON with every
 * format — the palette (colorthief on sharp) and the stored screenshot crossing the build's module
 * boundaries — and the Markdown itself for Accept: text/markdown; pricing shows each format's plan.
 */
import { expect, test } from "@playwright/test";
import { e2e } from "../support";
import { newUserKey } from "./helpers";

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

  test("pricing lists each content format under the plan that allows it", async ({ page }) => {
    await page.goto("/pricing");
    const table = page.getByTestId("plan-comparison");
    await expect(table.getByText("formats=markdown")).toBeVisible();
    await expect(table.getByText("formats=screenshot")).toBeVisible();
  });
});
