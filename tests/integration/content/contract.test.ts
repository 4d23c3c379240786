/**
 * /v1/content around the render (D24) on real Chromium: the Markdown answer (Accept or
 * response=markdown), bad input and gated formats in D2's order, the quota counted once whatever
 * the formats, the cache keyed by every parameter (formats in any order share one entry), fresh,
 * single flight, lazy content only when scrolled, the whole page, html in a POST body, a signed
 * URL, and the request log.
 */
import { describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { contentHarness, okJson } from "./harness";

const h = contentHarness({ env: { extra: { URL_SIGNING_SECRET: "test-url-signing-secret-content-0123456789" } } });

const ARTICLE = "content-article.html";
const quotaLeft = (response: Response) => Number(response.headers.get("x-quota-remaining"));

async function expectProblem(response: Response, status: number, code: string, param?: string) {
  const problem = await problemOf(response);
  expect(response.status, JSON.stringify(problem)).toBe(status);
  expect(problem.code).toBe(code);
  if (param) expect(problem.param).toBe(param);
  return problem;
}

describe("the Markdown itself", () => {
  it("Accept: text/markdown with formats=markdown answers the same Markdown as the JSON", async () => {
    const json = await okJson(await h.get({ url: ARTICLE, width: 1100 }));
    const response = await h.get({ url: ARTICLE, width: 1100 }, { headers: { Accept: "text/markdown" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("x-cache")).toBe("HIT");
    expect(await response.text()).toBe(json.markdown);
    expect(response.headers.get("etag")).toMatch(/^"/);
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
  });

  it("response=markdown does the same; Accept with several formats keeps JSON; response=json wins over Accept", async () => {
    const md = await h.get({ url: ARTICLE, width: 1100, response: "markdown" });
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await md.text()).toMatch(/^# Field notes on tide pools\n/);
    const several = await h.get(
      { url: ARTICLE, width: 1100, formats: "markdown,links" },
      { headers: { Accept: "text/markdown" } },
    );
    expect(several.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const asked = await h.get(
      { url: ARTICLE, width: 1100, response: "json" },
      { headers: { Accept: "text/markdown" } },
    );
    expect(asked.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("response=markdown with other formats is a 400 naming response", async () => {
    await expectProblem(
      await h.get({ url: ARTICLE, formats: "markdown,links", response: "markdown" }),
      400,
      "invalid_parameter",
      "response",
    );
  });
});

describe("bad input and gated formats", () => {
  it("every malformed request is a 400 naming its parameter", async () => {
    await expectProblem(await h.get({ url: ARTICLE, formats: "markdown,pdf" }), 400, "invalid_parameter", "formats");
    await expectProblem(await h.get({ url: ARTICLE, format: "png" }), 400, "unknown_parameter", "format");
    await expectProblem(
      await h.get({ url: ARTICLE, onlyMainContent: "maybe" }),
      400,
      "invalid_parameter",
      "onlyMainContent",
    );
    await expectProblem(await h.get({ url: ARTICLE, width: 0 }), 400, "parameter_out_of_range", "width");
    await expectProblem(await h.get({}), 400, "missing_parameter", "url");
    await expectProblem(await h.get({ url: "ftp://example.com/x" }), 400, "unsupported_url", "url");
    await expectProblem(await h.get({ url: "http://10.0.0.1/" }), 400, "private_address", "url");
    await expectProblem(await h.post({ url: h.fx.url(ARTICLE), html: "<p>x</p>" }), 400, "invalid_parameter", "html");
    await expectProblem(
      await h.post({ url: h.fx.url(ARTICLE), formats: "markdown", scroll: [1] }),
      400,
      "invalid_parameter",
      "scroll",
    );
  });

  it("html and screenshot need Starter; the rest is Free; a bad value is still a 400 before the 403 (D2)", async () => {
    const free = await h.accountOn("free");
    for (const format of ["html", "screenshot"]) {
      const problem = await expectProblem(
        await h.get({ url: ARTICLE, formats: `markdown,${format}` }, { account: free }),
        403,
        "plan_upgrade_required",
        "formats",
      );
      expect(problem.detail).toBe(`formats=${format} requires the Starter plan or higher.`);
    }
    await expectProblem(
      await h.get({ url: ARTICLE, formats: "html,nonsense" }, { account: free }),
      400,
      "invalid_parameter",
      "formats",
    );
    const ok = await h.get({ url: ARTICLE, formats: "markdown,text,links,metadata" }, { account: free });
    const body = await okJson(ok);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(["markdown", "text", "links", "metadata"]));
    const starter = await h.accountOn("starter");
    await okJson(await h.get({ url: ARTICLE, formats: "html,screenshot" }, { account: starter }));
  });
});

describe("one render, counted once, cached by every parameter", () => {
  it("all six formats cost one render; the same request again is a HIT that costs none", async () => {
    const account = await h.accountOn("pro");
    const first = await h.get({ url: ARTICLE, formats: "markdown,html,text,links,metadata,screenshot" }, { account });
    await okJson(first.clone());
    const before = quotaLeft(first);
    expect(before).toBe(10_000 - 1);
    const again = await h.get({ url: ARTICLE, formats: "screenshot,metadata,links,text,html,markdown" }, { account });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(quotaLeft(again)).toBe(before);
    const body = await okJson(again);
    expect(body.cachedAt).toEqual(expect.any(Number));
    // Another format set, onlyMainContent, scroll or a viewport are other results.
    const variants: Array<Record<string, string | number | boolean>> = [
      { formats: "markdown,links" },
      { formats: "markdown", onlyMainContent: false },
      { formats: "markdown", scroll: false },
      { formats: "markdown", width: 900 },
    ];
    for (const changed of variants) {
      const response = await h.get({ url: ARTICLE, ...changed }, { account });
      expect(response.headers.get("x-cache"), JSON.stringify(changed)).toBe("MISS");
    }
    const fresh = await h.get({ url: ARTICLE, formats: "markdown,links", fresh: true }, { account });
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(quotaLeft(fresh)).toBe(before - 5);
  });

  it("identical requests at once render once (single flight)", async () => {
    const account = await h.accountOn("pro");
    const responses = await Promise.all(
      [0, 1, 2].map(() => h.get({ url: ARTICLE, formats: "markdown,text", width: 1000 }, { account })),
    );
    const bodies = await Promise.all(responses.map(okJson));
    expect(new Set(bodies.map((b) => b.markdown)).size).toBe(1);
    // The account's count as a later request reads it: one render for the three.
    const after = await h.get({ url: ARTICLE, formats: "markdown,text", width: 1000 }, { account });
    expect(after.headers.get("x-cache")).toBe("HIT");
    expect(quotaLeft(after)).toBe(10_000 - 1);
  });
});

describe("what the page shows, as asked", () => {
  it("scroll=false reads the page as loaded: the lazy section is not there, and the answer says so", async () => {
    const body = await okJson(await h.get({ url: ARTICLE, scroll: false, formats: "markdown" }));
    expect(body.scrolled).toBe(false);
    expect(body.markdown).not.toContain("Seen at dusk");
    expect(body.markdown).toContain("## What we counted");
  });

  it("onlyMainContent=false keeps the whole page: navigation, banner and footer", async () => {
    const body = await okJson(await h.get({ url: ARTICLE, onlyMainContent: false, formats: "markdown,text" }));
    expect(body.contentSource).toBe("page");
    for (const piece of ["[Topics](", "We use cookies", "Advertisement: buy a bucket", "© 2024 Shoreline Journal"])
      expect(body.markdown).toContain(piece);
    expect(body.text).toContain("Our reef partner");
  });

  it("hideSelectors leaves elements out of the content too", async () => {
    const body = await okJson(await h.get({ url: ARTICLE, hideSelectors: "table, ol", formats: "markdown" }));
    expect(body.markdown).not.toContain("| Species |");
    expect(body.markdown).not.toContain("Check the tide table");
    expect(body.markdown).toContain("Boots with grip");
  });

  it("html in a POST body: named by its hash, links resolved against its <base>, main content found by Readability", async () => {
    const html = `<!doctype html><html lang="de"><head><base href="https://docs.example.net/guide/"><title>Anleitung</title></head><body>
      <div class="menu"><a href="/">Start</a></div>
      <div class="post"><h1>Anleitung</h1>${"<p>Ein Absatz mit genug Text, damit Readability ihn als Inhalt erkennt, und einem <a href='next.html'>Link</a>.</p>".repeat(6)}</div>
      </body></html>`;
    const body = await okJson(await h.post({ html, formats: ["markdown", "links", "metadata"] }));
    expect(body.htmlSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.url).toBeUndefined();
    expect(body.markdown).toMatch(/^# Anleitung\n\nEin Absatz/);
    expect(body.markdown).toContain("[Link](https://docs.example.net/guide/next.html)");
    expect(body.links).toEqual([
      { url: "https://docs.example.net/", text: "Start", internal: true },
      { url: "https://docs.example.net/guide/next.html", text: "Link", internal: true },
    ]);
    expect((body.metadata as Record<string, unknown>).language).toBe("de");
  });
});

describe("the product around it", () => {
  it("a signed URL answers the Markdown with public caching; a tampered one is refused", async () => {
    const { signUrl } = await import("@/lib/signing/canonical");
    const { GET } = await import("@/app/v1/content/route");
    const url = signUrl(
      "http://localhost:3000",
      "/v1/content",
      { url: h.fx.url(ARTICLE), response: "markdown" },
      {
        keyId: h.account.publicId,
        signingSecret: h.account.signingSecret,
      },
    );
    const response = await GET(new Request(url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(await response.text()).toMatch(/^# Field notes on tide pools/);
    const tampered = await GET(new Request(url.replace("response=markdown", "response=json")));
    await expectProblem(tampered, 403, "invalid_signature");
  });

  it("each request is in the account's request log as /v1/content with its target host", async () => {
    const account = await h.accountOn("starter");
    await okJson(await h.get({ url: ARTICLE, formats: "links" }, { account }));
    await expectProblem(
      await h.get({ url: ARTICLE, formats: "links,screenshot" }, { account: await h.accountOn("free") }),
      403,
      "plan_upgrade_required",
    );
    const { flushUsage } = await import("@/lib/usage/record");
    await flushUsage();
    const { listRequestLog } = await import("@/lib/usage/request-log");
    const page = await listRequestLog(account.userId, { endpoint: "content" });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      endpoint: "content",
      status: 200,
      cache: "MISS",
      targetHost: new URL(h.fx.origin).host,
    });
  });
});
