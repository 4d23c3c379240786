/**
 * The site tools of the MCP server (D25, D32) through the official SDK's client: map_site lists a
 * page's site without rendering (fetched as GlanceBot, off-site links left out), crawl_site starts
 * a crawl and get_crawl reads it to its end, its page as Markdown, one render charged.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestAccount } from "@/tests/support/api";
import { answerOf, mcpHarness, problemOfTool } from "./harness";

const h = mcpHarness();
let account: TestAccount;
let client: Client;

beforeAll(async () => {
  account = await h.account("business");
  client = await h.connect(account.apiKey);
}, 60_000);

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe("map_site, crawl_site and get_crawl", () => {
  it("map_site lists the site's URLs as GlanceBot, rendering nothing", async () => {
    const before = await h.renders(account.userId);
    const { urls } = answerOf(await call("map_site", { url: h.fx.url("content-article.html"), sitemap: "skip" })) as {
      urls: string[];
    };
    const paths = urls.map((url) => new URL(url).pathname);
    expect(paths).toEqual(expect.arrayContaining(["/content-article.html", "/topics", "/about", "/guides/safety"]));
    expect(urls.some((url) => url.includes("partner.example.org"))).toBe(false);
    expect(h.fx.hits.filter((hit) => hit.path === "/content-article.html").at(-1)?.userAgent).toMatch(/^GlanceBot\//);
    expect(await h.renders(account.userId)).toBe(before);
  });

  it("crawl_site starts a crawl that get_crawl reads to its end", async () => {
    const before = await h.renders(account.userId);
    const started = answerOf(
      await call("crawl_site", { url: h.fx.url("content-article.html"), depth: 0, sitemap: "skip" }),
    );
    expect(started).toMatchObject({ status: "running" });
    let crawl: Record<string, unknown> = {};
    for (let i = 0; i < 150 && crawl.status !== "completed"; i++) {
      crawl = answerOf(await call("get_crawl", { id: started.id, size: 10 }));
      if (crawl.status !== "completed") await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(crawl).toMatchObject({ status: "completed", total: 1, completed: 1 });
    const [page] = crawl.pages as Array<{ url: string; markdown: string; status: string }>;
    expect(page.status).toBe("completed");
    expect(page.markdown.length).toBeGreaterThan(100);
    expect(await h.renders(account.userId)).toBe(before + 1);
    expect(problemOfTool(await call("get_crawl", { id: "nope" }))).toMatchObject({ code: "invalid_parameter" });
  });
});
