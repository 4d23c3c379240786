/**
 * The capture plan: defaults, device presets with explicit overrides (D8), PDF geometry, the
 * fullPage cap (D10) and the checks that span several parameters.
 */
import { OUTPUT_FORMATS } from "@/lib/formats";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/vocabulary/errors";
import { parseQuery } from "@/lib/api/query";
import { screenshotParams } from "@/lib/screenshot/params";
import { FULL_PAGE_MAX_HEIGHT } from "@/lib/page/page-plan";
import { fullPageHeight, fullPageLimit, MAX_FULL_PAGE_PIXELS, planCapture } from "@/lib/screenshot/plan";
import { PLANS } from "@/lib/plans";

function plan(query: string) {
  const { params, given } = parseQuery(
    new URLSearchParams(`url=https%3A%2F%2Fexample.com%2F&${query}`),
    screenshotParams,
    { extras: "reject" },
  );
  return planCapture(params, given);
}

function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

describe("planCapture", () => {
  it("applies the spec's defaults", () => {
    expect(plan("")).toMatchObject({
      url: "https://example.com/",
      format: "png",
      quality: undefined, // png ignores quality
      viewport: { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
      userAgent: undefined,
      fullPage: false,
      delayMs: 0,
      timeoutMs: 30_000,
      blockAds: false,
      blockCookies: false,
      darkMode: false,
      pdf: undefined,
    });
  });

  it("keeps quality only for lossy formats", () => {
    expect(plan("format=jpg&quality=55").quality).toBe(55);
    expect(plan("format=webp").quality).toBe(80);
    expect(plan("format=png&quality=55").quality).toBeUndefined();
  });

  it("takes viewport, pixel ratio, touch and user agent from a device preset", () => {
    expect(plan("device=pixel-8")).toMatchObject({
      viewport: { width: 412, height: 915, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
      userAgent: expect.stringMatching(/Android 14; Pixel 8.*Mobile/),
    });
    expect(plan("device=iphone-15").userAgent).toMatch(/iPhone OS 17_0.*Mobile/);
  });

  it("lets explicit width, height and deviceScale override the preset (D8), even when equal to the defaults", () => {
    expect(plan("device=iphone-15&width=1280").viewport).toMatchObject({
      width: 1280,
      height: 852,
      deviceScaleFactor: 3,
      isMobile: true,
    });
    expect(plan("device=ipad-pro&height=800&deviceScale=1").viewport).toMatchObject({
      width: 1024,
      height: 800,
      deviceScaleFactor: 1,
    });
  });

  it("checks clip against the pixel budget and the WebP limit", () => {
    expect(plan("clip=10,20,300,200").clip).toEqual({ x: 10, y: 20, width: 300, height: 200 });
    expect(apiErrorOf(() => plan("clip=0,0,0,10"))).toMatchObject({ code: "parameter_out_of_range", param: "clip" });
    expect(apiErrorOf(() => plan("clip=0,0,16384,16384&deviceScale=1"))).toMatchObject({
      code: "parameter_out_of_range",
      param: "clip",
    });
    expect(apiErrorOf(() => plan("format=webp&clip=0,0,100,6000&deviceScale=3"))).toMatchObject({
      code: "parameter_out_of_range",
    });
    // A PDF is paginated: clip has no meaning there and is ignored.
    expect(plan("format=pdf&clip=0,0,0,0").clip).toBeUndefined();
  });

  it("builds PDF geometry: paper in CSS px, orientation, margins, header room", () => {
    expect(plan("format=pdf").pdf).toMatchObject({
      paper: { width: 816, height: 1056 },
      landscape: false,
      scale: 1,
      printBackground: true,
    });
    expect(plan("format=pdf&pageSize=a4&landscape=true").pdf?.paper).toEqual({ width: 1123, height: 794 });
    expect(plan("format=pdf&pageSize=a5").pdf?.paper).toEqual({ width: 559, height: 794 });
    expect(plan("format=pdf&margin=10,5,10,5").pdf?.margin).toEqual({ top: 10, right: 5, bottom: 10, left: 5 });
    // Without explicit margins a header/footer gets room, or it would print over the content.
    expect(plan("format=pdf&headerTemplate=%3Cb%3Ex%3C%2Fb%3E").pdf?.margin).toEqual({
      top: 15,
      right: 0,
      bottom: 0,
      left: 0,
    });
    expect(plan("format=pdf&fullPage=true").pdf?.paper).toBe("fit-content");
    expect(plan("format=png&pageSize=a4").pdf).toBeUndefined();
  });
});

describe("fullPageHeight", () => {
  const png = {
    format: "png" as const,
    viewport: { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  };

  it("uses the page height up to 16,384 CSS px without a plan (D10), up to the plan's height with one (D36)", () => {
    expect(FULL_PAGE_MAX_HEIGHT).toBe(PLANS.free.fullPageMaxHeight);
    expect(fullPageHeight(2345.4, png)).toBe(2346);
    expect(fullPageHeight(50_000, png)).toBe(FULL_PAGE_MAX_HEIGHT);
    const business = { ...png, fullPageMaxHeight: PLANS.business.fullPageMaxHeight };
    expect(fullPageHeight(150_000, business)).toBe(100_000);
    expect(fullPageLimit(business)).toEqual({ height: 100_000, by: "plan" });
  });

  it("stays within WebP's 16,383 px, JPEG's 65,535 px and the pixel budget at high pixel ratios", () => {
    const webp = { ...png, format: "webp" as const, viewport: { ...png.viewport, deviceScaleFactor: 2 } };
    expect(fullPageHeight(50_000, webp) * 2).toBeLessThanOrEqual(OUTPUT_FORMATS.webp.maxDimension);
    const jpg = { ...png, format: "jpg" as const, fullPageMaxHeight: 100_000 };
    expect(fullPageLimit(jpg)).toEqual({ height: 65_535, by: "format" });
    const big = {
      ...png,
      fullPageMaxHeight: 100_000,
      viewport: { ...png.viewport, width: 3840, deviceScaleFactor: 3 },
    };
    const height = fullPageHeight(150_000, big);
    expect(fullPageLimit(big).by).toBe("pixels");
    expect(3840 * 3 * height * 3).toBeLessThanOrEqual(MAX_FULL_PAGE_PIXELS);
  });
});

describe("url or html (D19)", () => {
  const planOf = (query: string) => {
    const { params, given } = parseQuery(new URLSearchParams(query), screenshotParams, { extras: "reject" });
    return planCapture(params, given);
  };

  it("needs exactly one of them", () => {
    for (const query of ["format=png", "url="]) {
      expect(apiErrorOf(() => planOf(query))).toMatchObject({ status: 400, code: "missing_parameter", param: "url" });
    }
    expect(apiErrorOf(() => planOf("url=https://e.com&html=%3Cp%3Ex"))).toMatchObject({
      status: 400,
      code: "invalid_parameter",
      param: "html",
    });
    expect(planOf("html=%3Cp%3Ex%3C%2Fp%3E")).toMatchObject({ url: "about:blank", html: "<p>x</p>" });
  });

  it("refuses __Secure-/__Host-/__Http- cookies (any case) on an http url, and keeps them on https", () => {
    const cookies = (name: string) => `cookies=${encodeURIComponent(JSON.stringify({ [name]: "b" }))}`;
    for (const name of ["__Host-a", "__Secure-a", "__host-a", "__SECURE-a", "__Http-a", "__Host-Http-a"]) {
      const error = apiErrorOf(() => planOf(`url=${encodeURIComponent("http://example.com/")}&${cookies(name)}`));
      expect(error, name).toMatchObject({ status: 400, code: "invalid_parameter", param: "cookies" });
      expect(error.message).toContain("https");
      expect(planOf(`url=${encodeURIComponent("https://example.com/")}&${cookies(name)}`).request.cookies).toEqual({
        [name]: "b",
      });
    }
    expect(planOf(`url=${encodeURIComponent("http://example.com/")}&${cookies("_Host-a")}`).request.cookies).toEqual({
      "_Host-a": "b",
    });
  });

  it("refuses a cookie whose name and value together pass 4096 characters (Chromium would)", () => {
    const name = "n".repeat(100);
    const query = `url=${encodeURIComponent("https://example.com/")}&cookies=${encodeURIComponent(JSON.stringify({ [name]: "v".repeat(3997) }))}`;
    expect(apiErrorOf(() => planOf(query))).toMatchObject({ status: 400, param: "cookies" });
    const fits = `url=${encodeURIComponent("https://example.com/")}&cookies=${encodeURIComponent(JSON.stringify({ [name]: "v".repeat(3996) }))}`;
    expect(planOf(fits).request.cookies?.[name]).toHaveLength(3996);
  });

  it("refuses headers and cookies with html: there is no origin to send them to", () => {
    for (const name of ["headers", "cookies"]) {
      const query = `html=x&${name}=${encodeURIComponent('{"a":"b"}')}`;
      expect(apiErrorOf(() => planOf(query))).toMatchObject({ status: 400, code: "invalid_parameter", param: name });
    }
  });
});
