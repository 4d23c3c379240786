/**
 * POST /v1/screenshot (D19) on real Chromium: a JSON body means what the same query means (same
 * schema, same cache key), html renders in the same boundary (a private subresource is refused
 * like a url page's), an HTML invoice prints to a multi-page PDF with page numbers in the footer,
 * and every malformed body is a problem+json with the right status.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf } from "@/tests/support/api";
import { type EchoServer, startEchoServer } from "./echo-servers";
import { decode, expectColor, expectOk, GREEN, screenshotHarness } from "@/tests/support/screenshot-harness";
import { pdfPageTexts } from "./pdf-text";

let site: EchoServer;
/** Loopback, and NOT in ALLOW_PRIVATE_ORIGINS: a private address as far as the guard knows. */
let internal: EchoServer;

beforeAll(async () => {
  site = await startEchoServer("127.0.0.1");
  internal = await startEchoServer("127.0.0.1");
  site.pages.set("/page", `<!doctype html><body style="margin:0;background:rgb(0,255,0)"><p>hello</p></body>`);
});
// Registered before the harness, so the servers stop after it, as before.
afterAll(async () => {
  await site?.close();
  await internal?.close();
});
const h = screenshotHarness(() => ({ plan: "pro", allowOrigins: [site.origin] }));

const GREEN_PAGE = `<!doctype html><html><body style="margin:0;background:rgb(0,255,0)"><h1>Hi</h1></body></html>`;

describe("POST with html", () => {
  it("renders the html to an image, with parameters as JSON numbers", async () => {
    const image = await decode(await expectOk(await h.post({ html: GREEN_PAGE, width: 400, height: 300 })));
    expect([image.width, image.height]).toEqual([400, 300]);
    expectColor(image.pixel(200, 250), GREEN, "the html's background");
  });

  it("loads its subresources through the guard: an allowed host is fetched, a private one never is", async () => {
    const html = `<!doctype html><body><img src="${site.origin}/ok.gif"><img src="${internal.origin}/secret.gif"><script src="${internal.origin}/x.js"></script></body>`;
    const from = site.seen.length;
    await expectOk(await h.post({ html, width: 300, height: 200 }));
    expect(site.seen.slice(from).map((r) => r.path)).toContain("/ok.gif");
    expect(internal.seen).toEqual([]);
  });

  it("JSON metadata names the html by its SHA-256; the same html is a HIT, other html a MISS", async () => {
    const html = `${GREEN_PAGE}<!-- metadata -->`;
    const first = await h.post({ html, width: 320, height: 200, response: "json" });
    const body = (await first.json()) as Record<string, unknown>;
    expect(first.status, JSON.stringify(body)).toBe(200);
    expect(body.htmlSha256).toBe(createHash("sha256").update(html).digest("hex"));
    expect(body.url).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain("metadata -->");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect((await h.post({ html, width: 320, height: 200, response: "json" })).headers.get("x-cache")).toBe("HIT");
    expect((await h.post({ html: `${html} `, width: 320, height: 200, response: "json" })).headers.get("x-cache")).toBe(
      "MISS",
    );
  });
});

describe("a POST body means what the query means", () => {
  it("the same parameters by POST and by GET share one cached result", async () => {
    const url = `${site.origin}/page?same`;
    const posted = await h.post({
      url,
      width: 400,
      height: 300,
      fullPage: false,
      clip: [0, 0, 200, 100],
      blockRequests: ["nothing-matches"],
    });
    expect(posted.headers.get("x-cache")).toBe("MISS");
    const image = await decode(await expectOk(posted));
    expect([image.width, image.height]).toEqual([200, 100]);
    const got = await h.shoot({
      url,
      width: 400,
      height: 300,
      fullPage: "false",
      clip: "0,0,200,100",
      blockRequests: "nothing-matches",
    });
    await expectOk(got);
    expect(got.headers.get("x-cache")).toBe("HIT");
  });

  it("headers in a POST body are a JSON object and reach the target", async () => {
    const from = site.seen.length;
    await expectOk(await h.post({ url: `${site.origin}/page?hdr`, headers: { "X-Posted": "yes" } }));
    expect(site.seen.slice(from).find((r) => r.path === "/page")?.headers["x-posted"]).toBe("yes");
  });
});

describe("an HTML invoice to PDF", () => {
  const rows = Array.from(
    { length: 90 },
    (_, i) => `<tr><td>Item ${i + 1}</td><td class="amount">${(i + 1) * 10}.00</td></tr>`,
  ).join("");
  const invoice = `<!doctype html><html><head><style>
    body { font-family: sans-serif; font-size: 14px; }
    td { padding: 6px; border-bottom: 1px solid #ccc; }
    .screen-only { color: red; }
    @media print { .screen-only { display: none; } }
    .terms { break-before: page; }
  </style></head><body>
    <h1>Invoice 2026-042</h1><p class="screen-only">SCREEN ONLY BANNER</p>
    <table>${rows}</table>
    <section class="terms"><h2>Terms and conditions</h2><p>Payable within 30 days.</p></section>
  </body></html>`;
  const request = {
    html: invoice,
    format: "pdf",
    pageSize: "a4",
    margin: [15, 12, 20, 12],
    footerTemplate:
      '<div style="font-size:9px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
  };

  it("prints on several pages with page numbers in the footer, print CSS applied and the page break kept", async () => {
    const meta = (await (await h.post({ ...request, response: "json" })).json()) as Record<string, unknown>;
    const pages = Number(meta.pages);
    expect(pages).toBeGreaterThanOrEqual(3);
    const bytes = await expectOk(await h.post(request));
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const texts = await pdfPageTexts(bytes);
    expect(texts.length).toBe(pages);
    texts.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pages}`));
    expect(texts.join(" ")).not.toContain("SCREEN ONLY BANNER");
    expect(texts[0]).toContain("Invoice 2026-042");
    // The terms start a page of their own: the last page has them and no invoice line.
    expect(texts[pages - 1]).toContain("Terms and conditions");
    expect(texts[pages - 1]).not.toMatch(/Item \d/);
  });
});

describe("malformed POSTs are problem+json", () => {
  it("415 for a body that is not application/json", async () => {
    const problem = await problemOf(
      await h.post("html=<h1>x</h1>", { contentType: "application/x-www-form-urlencoded" }),
    );
    expect(problem).toMatchObject({ status: 415, code: "unsupported_media_type" });
  });

  it("413 for a body over 5 MiB", async () => {
    const problem = await problemOf(await h.post({ html: `<p>${"x".repeat(5 * 1024 * 1024)}</p>` }));
    expect(problem).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it.each([
    ["not JSON", "{html: nope", { code: "invalid_body" }],
    ["an array", "[1,2]", { code: "invalid_body" }],
    [
      "both url and html",
      { url: "https://example.com", html: "<p>x</p>" },
      { code: "invalid_parameter", param: "html" },
    ],
    ["neither url nor html", { width: 400 }, { code: "missing_parameter", param: "url" }],
    [
      "html with headers",
      { html: "<p>x</p>", headers: { "X-A": "b" } },
      { code: "invalid_parameter", param: "headers" },
    ],
    ["an unknown field", { html: "<p>x</p>", fullpage: true }, { code: "unknown_parameter", param: "fullpage" }],
    ["a wrong type", { html: "<p>x</p>", width: "wide" }, { code: "invalid_parameter", param: "width" }],
    [
      "an object where a number goes",
      { html: "<p>x</p>", width: { a: 1 } },
      { code: "invalid_parameter", param: "width" },
    ],
    [
      "a header map that is a string of the wrong shape",
      { url: "https://example.com", headers: "X-A: b" },
      { code: "invalid_parameter", param: "headers" },
    ],
    ["api_key in the body", { html: "<p>x</p>", api_key: "sk_live_x" }, { code: "invalid_body", param: "api_key" }],
  ])("400 for %s", async (_what, body, expected) => {
    const problem = await problemOf(await h.post(body));
    expect(problem).toMatchObject({ status: 400, ...expected });
  });

  it("400 for parameters in a POST's query", async () => {
    const problem = await problemOf(await h.post({ html: "<p>x</p>" }, { query: "?format=pdf" }));
    expect(problem).toMatchObject({ status: 400, code: "invalid_body", param: "format" });
  });

  it("gates apply to body fields like query parameters: 403 on a lower plan", async () => {
    const free = await h.accountOn("free");
    const problem = await problemOf(await h.post({ html: "<p>x</p>", blockTrackers: true }, { account: free }));
    expect(problem).toMatchObject({ status: 403, code: "plan_upgrade_required", param: "blockTrackers" });
  });
});
