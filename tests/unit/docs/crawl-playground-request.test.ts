/**
 * The crawl playground's request (components/docs/playground/crawl-request.ts): the form's values
 * become POST /v1/crawl's JSON body typed as the schema describes each field, defaults left out,
 * and that body means to the API's own body reader and schema exactly what the form says.
 */
import { describe, expect, it } from "vitest";
import { crawlBody, crawlSnippet, crawlStartingValues } from "@/components/docs/playground/crawl-request";
import { objectAsQuery } from "@/lib/api/body";
import { describeParams } from "@/lib/api/params";
import { parseQuery } from "@/lib/api/query";
import { crawlParams } from "@/lib/crawl/params";

const fields = describeParams(crawlParams);

describe("the crawl playground's body", () => {
  it("starts small: five pages, one link deep, nothing else but the URL", () => {
    expect(crawlBody(fields, crawlStartingValues(fields))).toEqual({ url: "https://example.com", limit: 5, depth: 1 });
  });

  it("types integers, booleans and lists, and the API reads it back as the form says", () => {
    const values = {
      ...crawlStartingValues(fields),
      url: "https://docs.example.com/start",
      sitemap: "skip",
      subdomains: "true",
      include: "/guide/, /api/",
      formats: "markdown,links",
      width: "1024",
      api_key: "sk_live_never_sent",
    };
    const body = crawlBody(fields, values);
    expect(body).toEqual({
      url: "https://docs.example.com/start",
      limit: 5,
      depth: 1,
      sitemap: "skip",
      subdomains: true,
      include: ["/guide/", "/api/"],
      formats: ["markdown", "links"],
      width: 1024,
    });
    const { params } = parseQuery(objectAsQuery(body, crawlParams), crawlParams, { extras: "reject" });
    expect(params).toMatchObject({ ...body, blockAds: false, onlyMainContent: true });
  });

  it("shows the same body in every snippet, with the key given or a placeholder", () => {
    const body = crawlBody(fields, { ...crawlStartingValues(fields), include: "/docs/" });
    const curl = crawlSnippet("curl", "https://glance.test", "sk_test_1", body);
    expect(curl).toContain(`--data '${JSON.stringify(body)}'`);
    expect(curl).toContain("X-API-Key: sk_test_1");
    expect(crawlSnippet("sdk-typescript", "https://glance.test", "YOUR_API_KEY", body)).toContain(
      `glance.crawls.start(${JSON.stringify(body)})`,
    );
    expect(crawlSnippet("sdk-python", "https://glance.test", "YOUR_API_KEY", body)).toContain(
      `glance.crawls.start(url="https://example.com", limit=5, depth=1, include=["/docs/"])`,
    );
  });
});
