/**
 * Shareable playground state (D22): a page query read back into the form gives the same request,
 * secrets never travel in it, and a query the playground did not make leaves the form alone.
 */
import { describe, expect, it } from "vitest";
import { buildQuery, initialValues } from "@/components/docs/playground/query";
import {
  NEVER_LINKED,
  playgroundHref,
  playgroundLinkIn,
  sharedQuery,
  shareUrl,
  valuesFromQuery,
} from "@/components/docs/playground/share";
import { describeParams } from "@/lib/api/params";
import { OG_TEMPLATES } from "@/lib/og/catalog";
import { ogParams } from "@/lib/og/params";
import { screenshotParams } from "@/lib/screenshot/params";

const screenshotFields = describeParams(screenshotParams);
const ogFields = describeParams(ogParams);

function reproduced(endpoint: "screenshot" | "og", query: string): string {
  const fields = endpoint === "og" ? ogFields : screenshotFields;
  const values = valuesFromQuery(endpoint, fields, new URLSearchParams(query), OG_TEMPLATES[0]);
  if (!values) throw new Error(`not read as a playground query: ${query}`);
  return buildQuery(
    fields,
    values,
    OG_TEMPLATES.find((t) => t.name === values.template),
  );
}

describe("playground links", () => {
  it("a screenshot query comes back as the same request, defaults and empty values left out", () => {
    const query = "url=https%3A%2F%2Fexample.org%2Fa%3Fb%3D1&format=pdf&width=800&response=json&pageSize=A4";
    expect(reproduced("screenshot", query)).toBe(query);
    // What a link leaves out is empty, not the page's example URL.
    expect(reproduced("screenshot", "width=800")).toBe("width=800");
  });

  it("an OG query keeps its variables, including cleared ones, and lists keep their newlines", () => {
    const query = new URLSearchParams({
      template: "changelog-card",
      version: "v1",
      title: "T",
      change_items: "a\nb",
    }).toString();
    expect(reproduced("og", query)).toBe(query);
    const values = valuesFromQuery("og", ogFields, new URLSearchParams(query), OG_TEMPLATES[0]);
    // A variable the link does not name is empty, not the template's example text.
    expect(values?.["var:date"]).toBeUndefined();
  });

  it("never takes a key, signature or signing id from a link", () => {
    const values = valuesFromQuery(
      "screenshot",
      screenshotFields,
      new URLSearchParams("url=https://example.org/&api_key=sk_live_abc&keyId=pk_live_x&signature=s&expires=9"),
      undefined,
    );
    expect(values).not.toBeNull();
    expect(Object.keys(values!).filter((k) => ["api_key", "keyId", "signature", "expires"].includes(k))).toEqual([]);
    expect(reproduced("screenshot", "url=https%3A%2F%2Fexample.org%2F&api_key=sk_live_abc")).toBe(
      "url=https%3A%2F%2Fexample.org%2F",
    );
  });

  it("the page URL and Copy link leave out headers and cookies the form sends (secret: credentials for the target)", () => {
    const values = {
      ...initialValues("screenshot", screenshotFields),
      headers: '{"Authorization":"Bearer t"}',
      cookies: '{"session":"s"}',
      width: "640",
    };
    expect(buildQuery(screenshotFields, values)).toContain("headers=");
    const startingQuery = buildQuery(screenshotFields, initialValues("screenshot", screenshotFields));
    const shared = sharedQuery(screenshotFields, values, undefined, startingQuery);
    expect(shared).toBe("url=https%3A%2F%2Fexample.com&width=640");
    expect(shareUrl("http://h", "screenshot", screenshotFields, values, undefined)).toBe(
      "http://h/docs/screenshot?url=https%3A%2F%2Fexample.com&width=640#playground",
    );
  });

  it("a query the playground did not make (or one of only secrets) leaves the page's starting form", () => {
    expect(valuesFromQuery("screenshot", screenshotFields, new URLSearchParams(""), undefined)).toBeNull();
    expect(
      valuesFromQuery("screenshot", screenshotFields, new URLSearchParams("utm_source=mail"), undefined),
    ).toBeNull();
    expect(valuesFromQuery("og", ogFields, new URLSearchParams("api_key=sk_live_abc"), OG_TEMPLATES[0])).toBeNull();
  });

  it("the page URL carries nothing while the form is as the page started", () => {
    const start = initialValues("screenshot", screenshotFields);
    const startingQuery = buildQuery(screenshotFields, start);
    expect(sharedQuery(screenshotFields, start, undefined, startingQuery)).toBe("");
    expect(sharedQuery(screenshotFields, { ...start, width: "640" }, undefined, startingQuery)).toBe(
      `${startingQuery}&width=640`,
    );
  });

  it("links open the endpoint's reference page at the form", () => {
    expect(playgroundHref("screenshot", "?url=https%3A%2F%2Fa.example%2F")).toBe(
      "/docs/screenshot?url=https%3A%2F%2Fa.example%2F#playground",
    );
    expect(playgroundHref("og", new URLSearchParams({ template: "default" }))).toBe(
      "/docs/og?template=default#playground",
    );
    expect(playgroundHref("og", "")).toBe("/docs/og#playground");
  });
});

describe("Open in playground links from code examples", () => {
  it("never carry the parameters the schemas mark secret or signing", () => {
    const marked = [...screenshotFields, ...ogFields].filter((f) => f.secret || f.signing).map((f) => f.name);
    expect([...new Set(marked)].sort()).toEqual([...NEVER_LINKED].sort());
  });

  it("read the first GET /v1 request of an example, HTML-escaped or not, without its key or signature", () => {
    expect(
      playgroundLinkIn(
        "curl 'https://YOUR_GLANCE_HOST/v1/screenshot?url=https%3A%2F%2Fexample.com&format=webp' \\\n  -H 'X-API-Key: sk_live_…'",
      ),
    ).toBe("/docs/screenshot?url=https%3A%2F%2Fexample.com&format=webp#playground");
    expect(
      playgroundLinkIn(
        '<img src="https://h/v1/og?key_id=pk_live_x&amp;template=default&amp;title=Hello%20world&amp;signature=abc">',
      ),
    ).toBe("/docs/og?template=default&title=Hello+world#playground");
    expect(playgroundLinkIn("GET /v1/og?api_key=sk_live_1&template=blog-post")).toBe(
      "/docs/og?template=blog-post#playground",
    );
  });

  it("give none for an example that is not a GET request to an endpoint with a playground", () => {
    expect(playgroundLinkIn('curl https://h/v1/screenshot -d \'{"html": "<h1>x</h1>"}\'')).toBeNull();
    expect(playgroundLinkIn("curl https://h/v1/usage?x=1")).toBeNull();
    expect(playgroundLinkIn('signUrl("https://h", "/v1/og", { template: "blog-post" })')).toBeNull();
  });

  it("a link read back by the playground is the example's request, for every template in the gallery", () => {
    for (const template of OG_TEMPLATES) {
      const query = new URLSearchParams({
        template: template.name,
        ...Object.fromEntries(template.variables.map((v) => [v.name, v.example])),
      }).toString();
      const href = playgroundLinkIn(`GET /v1/og?${query}`)!;
      expect(reproduced("og", new URL(href, "http://x").search), template.name).toBe(query);
    }
  });
});
