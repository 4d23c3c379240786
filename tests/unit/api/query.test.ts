import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ApiError } from "@/lib/vocabulary/errors";
import { parseQuery } from "@/lib/api/query";
import { ogParams } from "@/lib/og/params";
import { screenshotParams } from "@/lib/screenshot/params";

function parse(query: string) {
  return parseQuery(new URLSearchParams(query), screenshotParams, { extras: "reject" });
}

function failure(
  query: string,
  schema: z.ZodObject = screenshotParams,
  extras: "reject" | "collect" = "reject",
): ApiError {
  try {
    parseQuery(new URLSearchParams(query), schema, { extras });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${query} to fail`);
}

describe("parseQuery with the screenshot schema", () => {
  it("applies the spec's defaults", () => {
    const { params, given } = parse("url=https://example.com");
    expect(params).toMatchObject({
      url: "https://example.com/",
      format: "png",
      width: 1280,
      height: 800,
      quality: 80,
      deviceScale: 1,
      delay: 0,
      timeout: 30000,
      fullPage: false,
      blockAds: false,
      pageSize: "letter",
      printBackground: true,
      scale: 1,
    });
    expect(params.clip).toBeUndefined();
    expect([...given]).toEqual(["url"]);
  });

  it("parses every type", () => {
    const { params } = parse(
      "url=HTTPS://Example.COM/a%20b&format=JPEG&width=3840&deviceScale=2.5&fullPage=1&darkMode=false&clip=0,10,200,100&margin=10,5.5,10,5",
    );
    expect(params).toMatchObject({
      url: "https://example.com/a%20b",
      format: "jpg",
      width: 3840,
      deviceScale: 2.5,
      fullPage: true,
      darkMode: false,
      clip: [0, 10, 200, 100],
      margin: [10, 5.5, 10, 5],
    });
  });

  it.each([
    ["url=https://e.com&width=0", "parameter_out_of_range", "width"],
    ["url=https://e.com&width=1e3", "invalid_parameter", "width"],
    ["url=https://e.com&width=+5", "invalid_parameter", "width"],
    ["url=https://e.com&width= 5", "invalid_parameter", "width"],
    ["url=https://e.com&quality=101", "parameter_out_of_range", "quality"],
    ["url=https://e.com&deviceScale=0.5", "parameter_out_of_range", "deviceScale"],
    ["url=https://e.com&deviceScale=two", "invalid_parameter", "deviceScale"],
    ["url=https://e.com&delay=10001", "parameter_out_of_range", "delay"],
    ["url=https://e.com&timeout=0", "parameter_out_of_range", "timeout"],
    ["url=https://e.com&timeout=60001", "parameter_out_of_range", "timeout"],
    ["url=https://e.com&scale=2.1", "parameter_out_of_range", "scale"],
    ["url=https://e.com&pageSize=b5", "invalid_parameter", "pageSize"],
    ["url=https://e.com&device=nokia", "invalid_parameter", "device"],
    ["url=https://e.com&response=xml", "invalid_parameter", "response"],
    ["url=https://e.com&clip=a,b,c,d", "invalid_parameter", "clip"],
    ["url=https://e.com&margin=1,2,3,4,5", "invalid_parameter", "margin"],
    ["url=https://e.com&fullPage=", "invalid_parameter", "fullPage"],
    ["url=javascript:alert(1)", "unsupported_url", "url"],
    ["url=file:///etc/passwd", "unsupported_url", "url"],
    ["url=example.com", "unsupported_url", "url"],
    ["url=https://user:pw@example.com", "unsupported_url", "url"],
    ["url=https://e.com&Width=5", "unknown_parameter", "Width"],
    ["url=https://e.com&url=https://f.com", "invalid_parameter", "url"],
    ["url=https://e.com&constructor=x", "unknown_parameter", "constructor"],
    ["url=https://e.com&toString=1", "unknown_parameter", "toString"],
  ])("%s → %s (%s)", (query, code, param) => {
    const error = failure(query);
    expect(error.code).toBe(code);
    expect(error.param).toBe(param);
    expect(error.status).toBe(400);
  });

  it("never refuses a long api_key: auth judges the key, and the X-API-Key header wins when both are sent (D2)", () => {
    for (const schema of [screenshotParams, ogParams] as z.ZodObject[]) {
      const base = schema === ogParams ? "template=default&title=Hi" : "url=https://e.com";
      const junk = "x".repeat(5000);
      const { params } = parseQuery(new URLSearchParams(`${base}&api_key=${junk}`), schema, { extras: "collect" });
      expect((params as { api_key?: string }).api_key).toBe(junk);
    }
    expect(parse("url=https://e.com&api_key=").params.api_key).toBeUndefined();
    // Given twice is still ambiguous, like any other parameter.
    expect(failure("url=https://e.com&api_key=a&api_key=b")).toMatchObject({
      code: "invalid_parameter",
      param: "api_key",
      status: 400,
    });
  });

  it("suggests the right spelling of an unknown parameter", () => {
    expect(failure("url=https://e.com&fullpage=true").message).toContain("Did you mean fullPage?");
    // #35 point 6: a typo, not only a case slip, gets the closest name.
    expect(failure("url=https://e.com&widht=800")).toMatchObject({
      code: "unknown_parameter",
      param: "widht",
      message: "Unknown query parameter widht. Did you mean width?",
    });
    expect(failure("url=https://e.com&qualty=80").message).toContain("Did you mean quality?");
    // Nothing close: no guess.
    expect(failure("url=https://e.com&zebra=1").message).toBe("Unknown query parameter zebra.");
  });
});

describe("parseQuery with the OG schema", () => {
  it("collects template variables as extras", () => {
    const { params, extras } = parseQuery(new URLSearchParams("template=default&title=Hi&accent=%23f00"), ogParams, {
      extras: "collect",
    });
    expect(params).toMatchObject({ template: "default", format: "png", width: 1200, height: 630 });
    expect(extras).toEqual({ title: "Hi", accent: "#f00" });
  });

  it("keeps a variable named like an Object member as an ordinary name", () => {
    const { extras } = parseQuery(
      new URLSearchParams("template=default&title=Hi&__proto__=x&constructor=y"),
      ogParams,
      { extras: "collect" },
    );
    expect(Object.keys(extras).sort()).toEqual(["__proto__", "constructor", "title"]);
  });

  it("refuses a variable given twice and OG sizes outside 100–4096", () => {
    expect(failure("template=default&title=a&title=b", ogParams, "collect")).toMatchObject({
      code: "invalid_parameter",
      param: "title",
    });
    expect(failure("template=default&width=99", ogParams, "collect")).toMatchObject({
      code: "parameter_out_of_range",
      param: "width",
    });
    expect(failure("template=default&format=pdf", ogParams, "collect")).toMatchObject({
      code: "invalid_parameter",
      param: "format",
    });
  });
});
